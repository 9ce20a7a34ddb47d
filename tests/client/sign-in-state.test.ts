import t from 'tap'
import {
  initialSignInState,
  placedErrors,
  postedErrors,
  signInReducer,
} from '../../client/pages/auth/sign_in/state.ts'

/** The sign-in page follows the server's flow after every answer (issue 48 point 3). */

const atPassword = signInReducer(initialSignInState(null, null), {
  type: 'answered',
  flow: { step: 'password', email: 'ann@example.test', captchaRequired: true },
})

t.test('sign-in state › a step answered moves the page where the server says the flow stands', async (t) => {
  t.equal(atPassword.step, 'password')
  t.equal(atPassword.email, 'ann@example.test')
  t.equal(atPassword.captchaNeeded, true)
  const atCode = signInReducer(atPassword, {
    type: 'answered',
    flow: { step: 'code', email: 'ann@example.test', emailCodeRequired: true, resendAt: 1234 },
  })
  t.equal(atCode.step, 'code')
  t.equal(atCode.resendAt, 1234)
  t.equal(atCode.emailCodeRequired, true)
})

t.test('sign-in state › a flow the server ended (lockout) returns to the e-mail step', async (t) => {
  const locked = signInReducer(atPassword, { type: 'answered', flow: { step: 'email' }, lockedOut: true })
  t.equal(locked.step, 'email', 'not the password step the server no longer has')
  t.equal(locked.email, 'ann@example.test', 'the address stays for the next try')
  t.equal(locked.lockedOut, true, 'the reset link goes beside the message')
  t.equal(locked.captchaNeeded, false)
  // The lock's message was the password's: with no password field, it is the form's.
  t.same(placedErrors({ password: 'Locked for 15 minutes' }, locked.step), { form: 'Locked for 15 minutes' })
  t.same(placedErrors({ password: 'Wrong' }, 'password'), { password: 'Wrong' })
  const nextTry = signInReducer(locked, {
    type: 'answered',
    flow: { step: 'password', email: 'ann@example.test' },
  })
  t.equal(nextTry.lockedOut, false, 'an answer that is no lockout takes the link away')
})

t.test('sign-in state › an answer that never reached the server changes no step', async (t) => {
  const same = signInReducer(atPassword, { type: 'answered', flow: undefined })
  t.equal(same.step, 'password')
  t.equal(same.email, 'ann@example.test')
})

t.test('sign-in state › back, and what a plain post answered', async (t) => {
  const back = signInReducer({ ...atPassword, lockedOut: true, notActivated: true }, { type: 'back' })
  t.same([back.step, back.lockedOut, back.notActivated], ['email', false, false])
  const posted = {
    form: 'signIn' as const,
    values: { email: 'bo@example.test' },
    errors: { password: 'Locked', captcha: 'Wrong answer' },
    notice: 'locked',
  }
  const start = initialSignInState(null, posted)
  t.same([start.step, start.email, start.lockedOut], ['email', 'bo@example.test', true])
  t.same(postedErrors(posted, start.step), { form: 'Locked' }, "the captcha's error is the captcha's own")
})
