/**
 * Each page's keywords (spec §2, namespace `keywords`): the server renders them; the browser loads
 * them only to update the meta tag after a client-side navigation (ADR 0085).
 */
export default {
  home: 'customer service software, contact center, chatbot, live chat, ticketing, WhatsApp API',
  default: 'Sobot, customer service software, contact center',
  pages: {
    chatbot: 'chatbot, AI chatbot, customer service bot, automated answers',
    livechat: 'live chat, website chat, online customer service',
    voice: 'cloud call center, inbound calls, IVR, contact center',
    ticketing: 'ticketing system, help desk, customer requests, SLA',
    whatsapp: 'WhatsApp API, WhatsApp Business, messaging, broadcasts',
    voiceForSales: 'outbound calls, sales dialer, telemarketing',
    voicebot: 'voicebot, voice AI, automated calls, IVR',
    ai: 'AI customer service, automation, generative AI',
    omnichannel: 'omnichannel, unified inbox, customer service channels',
    marketing: 'conversational marketing, campaigns, WhatsApp marketing',
    retail: 'e-commerce customer service, retail, online shop support',
    financial: 'financial services, banking customer service, compliance',
    customers: 'Sobot customers, case studies, customer stories',
    help: 'Sobot help, user guide, FAQ',
    developer: 'Sobot API, SDK, developer documentation, integration',
    sobotapp: 'Sobot app, mobile customer service, iOS, Android',
    blog: 'customer service blog, contact center tips',
    deliver: 'onboarding, implementation, training, customer success',
    about: 'about Sobot, company, contact',
    privacy: 'privacy policy, personal information, data protection',
    terms: 'terms of service, agreement, conditions',
    dpa: 'data processing agreement, DPA, GDPR',
    demo: 'Sobot demo, product tour, contact sales',
  },
} as const
