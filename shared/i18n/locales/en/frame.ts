/**
 * The marketing frame on every page (namespace `frame`): navigation, footer, the menus' item names
 * and the default title and description. Every page loads it, so the home page's and the overview
 * pages' own texts are the `home` and `overview` namespaces and the keywords `keywords` (ADR 0085).
 */
export default {
  brand: 'Sobot',
  logoAlt: 'Sobot home',
  skipToContent: 'Skip to main content',
  newTab: '(opens in a new tab)',
  nav: {
    label: 'Main',
    products: 'Products',
    omnichannelService: 'Omnichannel Service',
    salesMarketing: 'Sales & Marketing',
    solutions: 'Solutions',
    useCases: 'Use Cases',
    industries: 'Industries',
    customers: 'Customers',
    resources: 'Resources',
    docs: 'Help & Docs',
    explore: 'Explore',
    about: 'About Us',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    sideMenu: 'Site menu',
  },
  buttons: {
    login: 'Login',
    freeTrial: 'Free Trial',
    bookDemo: 'Book Demo',
  },
  language: {
    label: 'Language',
    en: 'English',
    zh: '中文',
  },
  footer: {
    label: 'Footer',
    bannerTitle: 'Get a 15-day Free Trial',
    bannerText: 'Improve Your Business at 0 Cost',
    bannerButton: 'Free Trial',
    emailPlaceholder: 'Your workmail',
    contactUs: 'Contact Us',
    support: 'Support',
    supportText: 'Questions about Sobot? Write to our team:',
    followUs: 'Follow us',
    social: {
      linkedin: 'Sobot on LinkedIn',
      youtube: 'Sobot on YouTube',
      facebook: 'Sobot on Facebook',
      twitter: 'Sobot on X (Twitter)',
    },
    copyright: '© Sobot. All rights reserved.',
  },
  home: {
    metaTitle: 'Sobot | All-in-one customer contact suite',
  },
  page: {
    defaultDescription: 'Sobot: the all-in-one customer contact suite.',
  },
  items: {
    chatbot: {
      title: 'Chatbot',
      desc: 'AI answers around the clock, in every channel',
      alt: 'Chatbot',
    },
    livechat: {
      title: 'Live Chat',
      desc: 'Talk to visitors on your website and apps',
      alt: 'Live chat',
    },
    voice: {
      title: 'Voice',
      desc: 'A cloud contact center for inbound calls',
      alt: 'Voice',
    },
    ticketing: {
      title: 'Ticketing System',
      desc: 'Track every request until it is solved',
      alt: 'Ticketing',
    },
    whatsapp: {
      title: 'WhatsApp API',
      desc: 'Serve and sell on WhatsApp at scale',
      alt: 'WhatsApp API',
    },
    voiceForSales: {
      title: 'Voice for Sales',
      desc: 'Outbound calling for sales teams',
      alt: 'Voice for sales',
    },
    voicebot: {
      title: 'Voicebot',
      desc: 'AI that answers and makes calls',
      alt: 'Voicebot',
    },
    ai: {
      title: 'AI',
      desc: 'Automate routine questions with AI',
      alt: 'AI',
    },
    omnichannel: {
      title: 'Omnichannel',
      desc: 'Every channel in one console',
      alt: 'Omnichannel',
    },
    marketing: {
      title: 'Marketing',
      desc: 'Reach customers where they talk',
      alt: 'Marketing',
    },
    retail: {
      title: 'E-C Retail',
      desc: 'Service for online shops and retail',
      alt: 'E-commerce retail',
    },
    financial: {
      title: 'Financial Services',
      desc: 'Secure, compliant customer service',
      alt: 'Financial services',
    },
    customers: {
      title: 'Customers',
      desc: 'How businesses grow with Sobot',
      alt: 'Customers',
    },
    help: {
      title: 'Help Center',
      desc: 'Guides and answers for every feature',
      alt: 'Help Center',
    },
    developer: {
      title: 'Developer Docs',
      desc: 'APIs and SDKs to build on Sobot',
      alt: 'Developer docs',
    },
    productUpdates: {
      title: 'Product Updates',
      desc: 'What is new in Sobot',
      alt: 'Product updates',
    },
    sobotapp: {
      title: 'Mobile App',
      desc: 'Answer customers from your phone',
      alt: 'Mobile app',
    },
    blog: {
      title: 'Blog',
      desc: 'Ideas for better customer service',
      alt: 'Blog',
    },
    deliver: {
      title: 'Deliver & Services',
      desc: 'Onboarding, training and support',
      alt: 'Deliver and services',
    },
    about: {
      title: 'About Us',
      desc: 'The team behind Sobot',
      alt: 'About Sobot',
    },
    privacy: {
      title: 'Privacy Protection Policy',
      desc: 'How we protect personal information',
      alt: 'Privacy',
    },
    terms: {
      title: 'Terms of Services',
      desc: 'The terms for using Sobot',
      alt: 'Terms of services',
    },
    dpa: {
      title: 'Data Processing Agreement',
      desc: 'How we process data on your behalf',
      alt: 'Data processing agreement',
    },
    demo: {
      title: 'Book a Demo',
      desc: 'A personal tour of Sobot',
      alt: 'Demo',
    },
  },
} as const
