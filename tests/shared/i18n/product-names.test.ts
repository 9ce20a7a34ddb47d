/**
 * Issue 18 point 16: a product has one name per language — the menu's and the footer's
 * (`frame:items.<id>.title`) — on the demo form and in the sign-up questionnaire too.
 */
import t from 'tap'
import enDemo from '../../../shared/i18n/locales/en/demo.ts'
import enFrame from '../../../shared/i18n/locales/en/frame.ts'
import enSignUp from '../../../shared/i18n/locales/en/signUp.ts'
import zhDemo from '../../../shared/i18n/locales/zh/demo.ts'
import zhFrame from '../../../shared/i18n/locales/zh/frame.ts'
import zhSignUp from '../../../shared/i18n/locales/zh/signUp.ts'

/** The forms' product ids and the menu item each one is. */
const MENU_ITEM = {
  chatbot: 'chatbot',
  livechat: 'livechat',
  voice: 'voice',
  ticketing: 'ticketing',
  whatsapp: 'whatsapp',
  'voice-for-sales': 'voiceForSales',
  voicebot: 'voicebot',
} as const

for (const [language, frame, demo, signUp] of [
  ['en', enFrame, enDemo, enSignUp],
  ['zh', zhFrame, zhDemo, zhSignUp],
] as const) {
  t.test(
    `product names (${language}) › the demo form and the questionnaire use the menu's names`,
    async (t) => {
      t.same(Object.keys(demo.product).sort(), Object.keys(MENU_ITEM).sort(), 'the demo offers every product')
      t.same(Object.keys(signUp.choices.products).sort(), Object.keys(MENU_ITEM).sort())
      for (const [id, item] of Object.entries(MENU_ITEM)) {
        const menu = frame.items[item].title
        t.equal(demo.product[id as keyof typeof demo.product], menu, `demo: ${id}`)
        t.equal(signUp.choices.products[id as keyof typeof signUp.choices.products], menu, `sign-up: ${id}`)
      }
    },
  )
}
