import { useTranslation } from '../../translation.tsx'

/**
 * The frame's translation function. A lookup is one `Map.get` of the namespace's flattened texts
 * (shared/i18n/translator.ts), so the frame's hundred-odd texts per render need no memo of their own.
 */
export function useFrameText(): (key: string) => string {
  return useTranslation('frame').t
}
