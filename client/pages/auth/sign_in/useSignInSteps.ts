import { type Dispatch, type FormEvent, useState } from 'react'
import { PASSWORD_MAX } from '../../../../shared/api/limits.ts'
import { type SignInFlowView, signInSteps } from '../../../../shared/api/sign-in-flow.ts'
import { type ApiEnvelope, isSuccess } from '../../../../shared/envelope.ts'
import {
  PRODUCT_NOT_ACTIVATED,
  productRequest,
  signedInTarget,
  WORKBENCH_RESTRICTED,
} from '../../../../shared/forms/sign-in/after-sign-in.ts'
import { fieldOfSignInError } from '../../../../shared/forms/sign-in/error-field.ts'
import { LOCKED, lockoutMessage, lockoutSeconds } from '../../../../shared/forms/sign-in/lockout.ts'
import type { Translate } from '../../../../shared/i18n/translator.ts'
import { useApiClient } from '../../../api.ts'
import type { FormSubmit, Refusal } from '../../../components/form/useFormSubmit.ts'
import { placedErrors, type SignInAction, type SignInState } from './state.ts'

/** Ours (server/routes/sign-in-flow.server.ts): the step is not where this session's sign-in stands. */
const NOT_IN_FLOW = '409'
const CODE_WRONG = '700203'
const CODE_EXPIRED = '700125'

/** The flow as a step answered it (`item.flow`). */
const flowOf = (answer: ApiEnvelope): SignInFlowView | undefined =>
  (answer.item as { flow?: SignInFlowView } | undefined)?.flow

/** How a sign-in ends once the server signed the visitor in. */
export interface SignedInOutcome {
  /** Where to go: the `return` path or the console; undefined: the signed-in card. */
  target: string | undefined
  /** The password is old: the reminder first (issue 18 point 5). */
  passwordChangeDue: boolean
}

interface SignInSteps {
  password: string
  setPassword: (password: string) => void
  code: string
  setCode: (code: string) => void
  /** The solved captcha's single-use token, and the round that gives a fresh challenge. */
  setCaptchaPass: (token: string | null) => void
  captchaRound: number
  submit: (event: FormEvent<HTMLFormElement>) => void
  resendCode: () => Promise<{ waitSeconds: number } | { error: string }>
  backToEmail: () => void
}

/**
 * The sign-in's steps as fetch calls (the same steps a plain post runs on the server): each sends
 * what its step needs, follows the flow the answer carries and says what was refused, where.
 */
export function useSignInSteps({
  state,
  dispatch,
  form,
  t,
  onSignedIn,
  onRestricted,
}: {
  state: SignInState
  dispatch: Dispatch<SignInAction>
  form: FormSubmit
  t: Translate
  onSignedIn: (outcome: SignedInOutcome) => void
  onRestricted: () => void
}): SignInSteps {
  const api = useApiClient()
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [captchaPass, setCaptchaPass] = useState<string | null>(null)
  // Each solved captcha is single use: a new round gives a fresh challenge after every attempt.
  const [captchaRound, setCaptchaRound] = useState(0)

  /** Follows the flow an answer carries; what was typed for a step that is gone goes with it. */
  function follow(flow: SignInFlowView | undefined, lockedOut = false) {
    dispatch({ type: 'answered', flow, lockedOut })
    if (flow && flow.step !== 'password') setPassword('')
    if (flow && flow.step !== 'code') setCode('')
  }

  /** The refusal of a step at its field (spec §8 codes; BFF 400s name the field), where it shows. */
  function refusal(answer: ApiEnvelope): Refusal {
    const flow = flowOf(answer)
    const locked = answer.retCode === LOCKED
    follow(flow, locked)
    // The lock says how long it lasts (the upstream answers the wait), in the page's language.
    const message = locked
      ? lockoutMessage(lockoutSeconds(answer.item), (key, values) => t(key, values ?? {}))
      : answer.retMsg
    return placedErrors({ [fieldOfSignInError(answer)]: message }, flow?.step ?? state.step)
  }

  /**
   * The password step, or the code step (spec §3, §7): the server's flow signs in with
   * `account/consoleLogin`, or sends the e-mailed code first when the account's company wants one.
   */
  async function consoleSignIn(withCode: string | undefined, typedPassword: string): Promise<Refusal> {
    const product = productRequest(window.location.search)
    const answer =
      withCode === undefined
        ? await api.call(signInSteps.password, {
            data: { password: typedPassword, ...(captchaPass ? { captchaPass } : {}), ...product },
            throws: false,
          })
        : await api.call(signInSteps.code, { data: { code: withCode, ...product }, throws: false })
    if (state.captchaNeeded) {
      setCaptchaPass(null)
      setCaptchaRound((round) => round + 1)
    }
    if (answer.retCode === NOT_IN_FLOW) return refusal(answer)
    if (isSuccess(answer)) {
      const flow = flowOf(answer)
      // The password was right and a code is on its way: the server keeps the password for it.
      if (flow?.step === 'code') return follow(flow)
      setPassword('')
      setCode('')
      const item = answer.item as { consoleUrl?: unknown; passwordChangeDue?: unknown }
      return onSignedIn({
        target: signedInTarget(window.location.search, item.consoleUrl),
        passwordChangeDue: item.passwordChangeDue === true,
      })
    }
    if (answer.retCode === PRODUCT_NOT_ACTIVATED) return dispatch({ type: 'notActivated' })
    if (answer.retCode === WORKBENCH_RESTRICTED) return onRestricted()
    if (withCode !== undefined && (answer.retCode === CODE_WRONG || answer.retCode === CODE_EXPIRED)) {
      follow(flowOf(answer))
      return {
        code: t(answer.retCode === CODE_EXPIRED ? 'signInSteps:codeExpired' : 'signInSteps:codeWrong'),
      }
    }
    return refusal(answer)
  }

  async function send(typedEmail: string, typedPassword: string): Promise<Refusal> {
    switch (state.step) {
      case 'email': {
        // The server checks the address, remembers where the account lives (with several places
        // the user picks one) and whether a captcha or an e-mailed code is asked for.
        const answer = await api.call(signInSteps.email, {
          data: { email: typedEmail.trim() },
          throws: false,
        })
        return isSuccess(answer) ? follow(flowOf(answer)) : refusal(answer)
      }
      case 'environment': {
        const { environment } = state
        const answer = await api.call(signInSteps.environment, { data: { environment }, throws: false })
        return isSuccess(answer) ? follow(flowOf(answer)) : refusal(answer)
      }
      case 'code':
        return consoleSignIn(code, typedPassword)
      case 'password':
        return consoleSignIn(undefined, typedPassword)
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // What the fields hold now, as a plain post would send it: typed while the page was still
    // hydrating, it may not have reached the page's state yet (nothing typed is lost).
    const fields = new FormData(event.currentTarget)
    const typedEmail = String(fields.get('email') ?? state.email)
    const typedPassword = String(fields.get('password') ?? password)
    if (typedEmail !== state.email) dispatch({ type: 'typedEmail', email: typedEmail })
    void form.run({
      validate: (): Refusal => {
        // Never cut a password short (a manager's longer one would be sent as something else):
        // say the rule instead, before anything is sent.
        if (state.step === 'password' && typedPassword.length > PASSWORD_MAX)
          return { password: t('validation.tooLong', { max: PASSWORD_MAX }) }
        if (state.step === 'code' && !/^\d{6}$/.test(code)) return { code: t('signInSteps:codeFormat') }
      },
      send: () => send(typedEmail, typedPassword),
    })
  }

  /** A new e-mailed code (`sendEmailRandomCode`), once the minute since the last one is over. */
  async function resendCode(): Promise<{ waitSeconds: number } | { error: string }> {
    const answer = await api.call(signInSteps.resend, { data: {}, throws: false })
    if (answer.retCode === NOT_IN_FLOW) {
      const refused = refusal(answer)
      if (refused) form.refuse(refused)
      return { error: answer.retMsg }
    }
    if (!isSuccess(answer)) return { error: answer.retMsg }
    form.changed('code')
    return { waitSeconds: Number((answer.item as { resendAfterSeconds?: unknown }).resendAfterSeconds) || 60 }
  }

  function backToEmail() {
    // The server forgets the flow too (the password it kept at the code step goes with it).
    if (state.step !== 'email') void api.call(signInSteps.back, { data: {}, throws: false })
    dispatch({ type: 'back' })
    setPassword('')
    setCode('')
    form.setErrors({})
  }

  return {
    password,
    setPassword,
    code,
    setCode,
    setCaptchaPass,
    captchaRound,
    submit,
    resendCode,
    backToEmail,
  }
}
