import type { FastifyInstance } from 'fastify'
import { FULL_NAME_PATTERN, NAME_PATTERN } from '../shared/schemas/fields.ts'
import { answer, fieldsOf, text } from './http.ts'
import { isValidEmail, type SandboxWorld } from './world.ts'

export interface DemoReservation {
  fullName: string
  email: string
  company: string
  jobTitle: string
  phone: string
  products: string[]
  notes: string
  at: string
}

/** `addSgReservationInfo` (spec §7): books a demo after the spec §5 checks; bookings are listed for tests. */
export async function demoRoutes(app: FastifyInstance, options: { world: SandboxWorld }): Promise<void> {
  const { world } = options
  const reservations: DemoReservation[] = []
  world.onReset(() => {
    reservations.length = 0
  })

  app.post('/basic-login/addSgReservationInfo/4', async (request) => {
    const fields = fieldsOf(request)
    const email = text(fields, 'email')
    const fullName = text(fields, 'fullName')
    const company = text(fields, 'company')
    const jobTitle = text(fields, 'jobTitle')
    const phone = text(fields, 'phone')
    if (!email) return answer(request, 'emailEmpty')
    if (!isValidEmail(email)) return answer(request, 'emailInvalid')
    if (!FULL_NAME_PATTERN.test(fullName) || fullName.length > 100) return answer(request, 'demoName')
    if (!NAME_PATTERN.test(company) || company.length > 100) return answer(request, 'demoCompany')
    if (!NAME_PATTERN.test(jobTitle) || jobTitle.length > 100) return answer(request, 'demoJobTitle')
    if (!/^\d{5,15}$/.test(phone)) return answer(request, 'phoneInvalid')
    // A booking is a lead: it needs a solved captcha, used up by this request (as registerSgNew).
    const pass = text(fields, 'captchaPass')
    if (!pass) return answer(request, 'captchaEmpty')
    if (!world.captcha.consume(pass)) return answer(request, 'captchaWrong')
    const products = fields.products
    reservations.push({
      fullName,
      email,
      company,
      jobTitle,
      phone: `${text(fields, 'areaCode')} ${phone}`,
      products: Array.isArray(products)
        ? products.map(String)
        : typeof products === 'string'
          ? [products]
          : [],
      notes: text(fields, 'notes'),
      at: new Date(world.now()).toISOString(),
    })
    return answer(request, 'success')
  })

  app.get('/__sandbox/demo-reservations.json', async () => ({ reservations }))
}
