/** Demo booking (addSgReservationInfo through /api): it asks for the captcha the upstream offers. */
import t from 'tap'
import { build, SAME_ORIGIN, sandboxRequests } from '../../helper.ts'
import { solvedCaptchaPass } from '../../support/captcha.ts'

const { app, sandbox } = await build(t, { env: { RATE_LIMIT_SIGN_UP: '1000/1m' } })
const sg = sandbox.regions.sg.url
const BOOKING = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  jobTitle: 'Head of Support',
  areaCode: '65',
  phone: '91234567',
  products: ['chatbot'],
}

async function post(path: string, payload: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/basic-login/${path}`,
    headers: SAME_ORIGIN,
    payload,
  })
  return {
    status: response.statusCode,
    body: response.json() as { retCode: string; item: Record<string, unknown> },
  }
}

const captchaPass = () => solvedCaptchaPass((name, payload) => post(`${name}/4`, payload))

const bookings = async () =>
  (await sandboxRequests(sg)).filter((request) => request.url.includes('addSgReservationInfo')).length

t.test('demo booking › without a solved captcha: refused at the captcha, never forwarded', async (t) => {
  const before = await bookings()
  const missing = await post('addSgReservationInfo/4', BOOKING)
  t.equal(missing.status, 400)
  t.same(missing.body.item, { field: 'captchaPass' })
  t.equal(await bookings(), before)
})

t.test('demo booking › a solved captcha books once; the same token again is refused upstream', async (t) => {
  const pass = await captchaPass()
  const booked = await post('addSgReservationInfo/4', { ...BOOKING, captchaPass: pass })
  t.equal(booked.body.retCode, '000000')
  const again = await post('addSgReservationInfo/4', { ...BOOKING, captchaPass: pass })
  t.equal(again.body.retCode, '700169', 'a used captcha is wrong the second time')
})
