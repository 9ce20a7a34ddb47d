/**
 * Constants of the marketing frame (spec §2, §9). Placeholders and addresses the marketing team
 * owns live here so the components, pages, server and tests read one value.
 */

/** The marketing site's base: frame paths are relative to it (spec §5). `/` = this site's root. */
export const SITE_BASE = '/'

/** Default marketing contact address shown in the footer's Support block (spec §2 `{email}`). */
export const MARKETING_EMAIL = 'support@sobot.io'

/** Where the static logos and icons are served (spec §2); files live in public/static/media. */
export const MEDIA_PREFIX = '/auth/_next/static/media/'

/** The product-updates page is a separate site (spec §2: external, new tab). */
export const PRODUCT_UPDATES_URL = 'https://updates.sobot.io/'

/**
 * Replaced in a frame path by the page's language as our `language=` parameter reads it
 * (`en` | `zh`), e.g. `/auth/sign_in?language={language}`.
 */
export const LANGUAGE_PLACEHOLDER = '{language}'
/** Replaced by the sign-up form's value (spec §9: empty for Chinese, `en_US` otherwise). */
export const SIGN_UP_LANGUAGE_PLACEHOLDER = '{signUpLanguage}'

/** Header heights in CSS pixels (spec §2). */
export const HEADER_HEIGHT = { desktop: 90, compact: 65, phone: 47 } as const
/** Below this the desktop bar folds into the side menu; the page never gets narrower than 650px. */
export const DESKTOP_MIN_WIDTH = 650
export const WIDE_BREAKPOINT = 1180

/** Image service constants (spec §9). */
export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const
export const IMAGE_SIZES = [16, 32, 48, 64, 96, 128, 256, 384] as const
export const IMAGE_QUALITY = 75
/** Every quality a page of ours asks the image endpoint for; nothing else is rendered. */
export const IMAGE_QUALITIES = [IMAGE_QUALITY] as const
/**
 * Every image variant (source, width) a page of ours asks the image endpoint for: rendered once
 * when the server starts, so no visitor waits for (or spends a render budget on) them.
 */
export const PAGE_IMAGES = { externalLogo: { source: `${MEDIA_PREFIX}logo.svg`, width: 256 } } as const
/** The image endpoint's query for one of PAGE_IMAGES, relative to its base path. */
export function imageQuery(image: { source: string; width: number }): string {
  return `/_next/image?url=${encodeURIComponent(image.source)}&w=${image.width}`
}
/** Images this far below the viewport start loading (spec §9). Native lazy loading is used. */
export const LAZY_MARGIN = '200px'
