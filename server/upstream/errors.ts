export type UpstreamFailure = 'timeout' | 'unavailable' | 'badStatus' | 'badBody' | 'tooLarge'

/** A failure to get a usable answer from an upstream; the proxy turns it into a localised envelope. */
export class UpstreamError extends Error {
  override name = 'UpstreamError'
  readonly failure: UpstreamFailure
  readonly upstreamStatus: number | undefined

  constructor(failure: UpstreamFailure, message: string, upstreamStatus?: number) {
    super(message)
    this.failure = failure
    this.upstreamStatus = upstreamStatus
  }

  get httpStatus(): 502 | 504 {
    return failureStatus(this.failure)
  }
}

/** 504 when the upstream did not answer in time, 502 for every other bad answer. */
export function failureStatus(failure: UpstreamFailure): 502 | 504 {
  return failure === 'timeout' ? 504 : 502
}
