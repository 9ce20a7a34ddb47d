import { useCallback, useState } from 'react'
import { captchaEndpoints } from '../../../shared/api/endpoints/captcha.ts'
import { isSuccess } from '../../../shared/envelope.ts'
import { useApiClient } from '../../api.ts'

/**
 * What both captcha kinds do with a solution: send it to checkSgGeetestInfo and, when the upstream
 * accepts it, hand its single-use `captchaPass` to the form; otherwise keep the upstream's message.
 */
export function useCaptchaCheck(onToken: (token: string | null) => void) {
  const api = useApiClient()
  const [solved, setSolved] = useState(false)
  const [message, setMessage] = useState('')

  const check = useCallback(
    async (solution: Record<string, string>): Promise<boolean> => {
      const reply = await api.call<{ captchaPass: string }>(captchaEndpoints.checkSgGeetestInfo, {
        data: solution,
        throws: false,
      })
      if (!isSuccess(reply)) {
        setMessage(reply.retMsg)
        return false
      }
      setSolved(true)
      setMessage('')
      onToken(reply.item.captchaPass)
      return true
    },
    [api, onToken],
  )
  return { solved, setSolved, message, setMessage, check }
}
