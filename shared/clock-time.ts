import type { Language } from './language.ts'

/**
 * "14:32 UTC": when a new code or e-mail may be asked for, readable without JavaScript. In UTC
 * with the zone named: without a script the server does not know the browser's zone (ADR 0089).
 */
export function clockTime(at: number, language: Language): string {
  return new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(at)
}
