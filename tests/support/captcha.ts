/** One call of the sandbox captcha's endpoints, made the way the calling test reaches the BFF. */
export type CaptchaCall = (
  name: 'initSgGeetestInfo' | 'checkSgGeetestInfo',
  payload: Record<string, string>,
) => Promise<{ body: { item: unknown } }>

/** The sandbox's challenge: a sum to work out. */
interface Challenge {
  challengeId: string
  a: number
  b: number
}

/**
 * Asks for the sandbox's challenge and answers it as a person would (it asks for a sum): the
 * `captchaPass` the guarded call then carries.
 */
export async function solvedCaptchaPass(call: CaptchaCall): Promise<string> {
  const challenge = (await call('initSgGeetestInfo', {})).body.item as Challenge
  const solved = await call('checkSgGeetestInfo', {
    challengeId: challenge.challengeId,
    answer: String(challenge.a + challenge.b),
  })
  return String((solved.body.item as { captchaPass?: unknown }).captchaPass)
}
