/** The home page `/` (client/pages/index) besides the frame's texts (namespace `home`, ADR 0085). */
export default {
  metaDescription:
    'Chatbot, live chat, voice, ticketing and WhatsApp in one customer contact suite. Start a 15-day free trial.',
  eyebrow: 'Customer contact suite',
  title: 'Every customer conversation, in one place',
  text: 'Answer chats, calls, tickets and WhatsApp messages from one console, with AI that handles the routine questions for you.',
  imageAlt: 'The Sobot console showing a chat, a ticket and the chatbot side by side',
  productsTitle: 'Products for every channel',
  productsText: 'Start with one channel and add the others when you need them.',
  solutionsTitle: 'Solutions for your team',
  solutionsText: 'Ready-made setups for the way your industry talks to customers.',
  workflowTitle: 'From the first message to a happy customer',
  workflowText:
    'Conversations from every channel arrive in one queue. The chatbot answers what it can, agents take over with the full history, and reports show what to improve next.',
  workflowAlt: 'Messages from several channels flowing into one queue and out to agents',
  learnMore: 'Learn more',
} as const
