import { PRODUCT_UPDATES_URL } from './constants.ts'
import type { FooterEntry, FooterGroup, SocialEntry } from './types.ts'

const entry = (id: string, href: string, target?: FooterEntry['target']): FooterEntry =>
  target ? { text: `items.${id}.title`, href, target } : { text: `items.${id}.title`, href }

/** The marketing footer's four groups (spec §2), paths relative to the site base. */
export const FOOTER_GROUPS: FooterGroup[] = [
  {
    title: 'nav.products',
    entries: [
      entry('chatbot', '/chatbot'),
      entry('livechat', '/livechat'),
      entry('voice', '/voice'),
      entry('ticketing', '/ticketing'),
      entry('whatsapp', '/whatsapp'),
      entry('voiceForSales', '/voice-for-sales'),
      entry('voicebot', '/voicebot'),
    ],
  },
  {
    title: 'nav.solutions',
    entries: [
      entry('ai', '/ai'),
      entry('omnichannel', '/omnichannel'),
      entry('marketing', '/marketing'),
      entry('retail', '/retail'),
      entry('financial', '/financial'),
    ],
  },
  {
    title: 'nav.resources',
    entries: [
      entry('customers', '/customers'),
      entry('help', '/help', '_blank'),
      entry('developer', '/developer', '_blank'),
      entry('productUpdates', PRODUCT_UPDATES_URL, '_blank'),
      entry('sobotapp', '/sobotapp'),
      entry('deliver', '/deliver'),
      entry('blog', '/blog'),
    ],
  },
  {
    title: 'nav.about',
    entries: [
      entry('about', '/about'),
      { text: 'footer.contactUs', href: '/about#contactUs' },
      entry('privacy', '/privacy-protection-policy', '_blank'),
      entry('terms', '/terms-of-services', '_blank'),
      entry('dpa', '/data_processing_agreement', '_blank'),
    ],
  },
]

/** Professional network, video site, social network, microblog (spec §2); new tabs. */
export const SOCIAL_ENTRIES: SocialEntry[] = [
  {
    title: 'footer.social.linkedin',
    link: 'https://www.linkedin.com/company/sobot-io/',
    icon: 'social-linkedin.svg',
    hoveredIcon: 'social-linkedin-hover.svg',
    style: 'linkedin',
  },
  {
    title: 'footer.social.youtube',
    link: 'https://www.youtube.com/@sobot-io',
    icon: 'social-youtube.svg',
    hoveredIcon: 'social-youtube-hover.svg',
    style: 'youtube',
  },
  {
    title: 'footer.social.facebook',
    link: 'https://www.facebook.com/sobot.io',
    icon: 'social-facebook.svg',
    hoveredIcon: 'social-facebook-hover.svg',
    style: 'facebook',
  },
  {
    title: 'footer.social.twitter',
    link: 'https://twitter.com/sobot_io',
    icon: 'social-twitter.svg',
    hoveredIcon: 'social-twitter-hover.svg',
    style: 'twitter',
  },
]
