// Without zod: the questionnaire and the demo form show these before any schema is loaded.

/** Questionnaire choices (spec §3). Values are ours; the page shows translated labels. */
export const PRODUCTS = [
  'chatbot',
  'livechat',
  'voice',
  'ticketing',
  'whatsapp',
  'voice-for-sales',
  'voicebot',
] as const
export const GOALS = [
  'ai-automation',
  'customer-satisfaction',
  'marketing-efficiency',
  'team-management',
  'customer-insights',
  'none',
] as const
export const SUPPORT_CHANNELS = ['chat', 'phone', 'social-media', 'email', 'other'] as const
export const INDUSTRIES = [
  'ecommerce-retail',
  'food-beverage',
  'finance-insurance',
  'logistics',
  'agencies-consulting',
  'it-software',
  'classes',
  'gaming',
  'medical-beauty',
  'travel',
  'industrial-manufacturing',
  'pets',
  'automotive',
  'real-estate',
] as const
export const DEPARTMENTS = ['customer-support', 'marketing', 'sales', 'it', 'business-owner'] as const
export const LAUNCH_TIMINGS = [
  'within-1-month',
  '3-6-months',
  '6-plus-months',
  'not-sure',
  'just-started',
] as const
