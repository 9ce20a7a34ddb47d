/** The overview pages `/overview/<id>` besides the frame's item names (namespace `overview`, ADR 0085). */
export default {
  metaTitle: '{{title}} | Sobot',
  moreTitle: 'More from Sobot',
  contact: 'Questions? Write to us:',
  kind: {
    product: 'Product',
    solution: 'Solution',
    resource: 'Resource',
    company: 'Company',
    legal: 'Legal',
  },
  body: {
    chatbot:
      'Train the chatbot on your help articles and let it answer the common questions on your website, in apps and in messaging channels. When a question needs a person, it hands the conversation to an agent with the full history.',
    livechat:
      'Add a chat window to your website and apps, see who is browsing, and answer in real time. Canned replies, file sharing and satisfaction surveys come built in.',
    voice:
      'Route incoming calls with menus and skills, record them, and see the caller’s history before you pick up. No hardware to install: agents answer in the browser.',
    ticketing:
      'Turn emails, chats and calls into tickets, assign them automatically, and keep every promise with service-level timers and escalations.',
    whatsapp:
      'Connect your WhatsApp Business number, answer with your whole team, and send approved template messages to customers who opted in.',
    voiceForSales:
      'Call lists with a power dialer, local caller numbers and call notes that land in your records, so sales reps spend their time talking, not dialing.',
    voicebot:
      'Let a voicebot answer routine calls, confirm appointments and collect feedback in a natural voice, and pass the call to an agent when needed.',
    ai: 'Combine the chatbot, the voicebot and AI suggestions for agents to answer faster and lower the cost of every conversation.',
    omnichannel:
      'Chat, voice, email, social media and messaging apps arrive in one console, so customers never have to repeat themselves when they switch channels.',
    marketing:
      'Send campaigns on the channels customers already use, follow up on replies in the same console, and measure what converts.',
    retail:
      'See orders next to the conversation, answer delivery questions automatically, and keep peak seasons under control.',
    financial:
      'Serve customers of banks, insurers and fintech companies with audit trails, quality checks and data kept where regulations require.',
    customers:
      'Thousands of businesses in retail, finance, gaming, travel and education use Sobot to talk to their customers every day.',
    help: 'Step-by-step guides for administrators and agents, from the first setup to advanced routing.',
    developer: 'Connect Sobot to your systems with REST APIs, webhooks and SDKs for web and mobile apps.',
    sobotapp:
      'The Sobot app brings chats, tickets and notifications to your phone, so you can answer customers wherever you are.',
    blog: 'Articles on customer experience, AI in service and running a contact center, written by our team and our customers.',
    deliver:
      'Our delivery team sets up Sobot with you, trains your agents and stays at your side after the launch.',
    about:
      'Sobot builds customer contact software for businesses around the world, with offices in Asia and the Americas.',
    privacy:
      'This policy explains which personal information we collect, why we use it, how long we keep it and which rights you have.',
    terms:
      'These terms govern the use of Sobot’s services, including the free trial, paid plans and acceptable use.',
    dpa: 'This agreement sets out how Sobot processes personal data on behalf of its customers and the safeguards that apply.',
    demo: 'Tell us about your team and a product specialist will show you how Sobot fits your channels, volumes and workflows.',
  },
} as const
