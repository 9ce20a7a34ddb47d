import type { FastifyInstance } from 'fastify'
import { SSO_WECOM_ACCOUNT } from '../fixtures.ts'
import type { SandboxWorld } from '../world.ts'
import { escapeHtml, hiddenInputs, providerPage, stringFields } from './page.ts'
import { type ScanStatus, wecomScansOf } from './wecom-scans.ts'

export const WECOM_SCAN_PATH = '/__sandbox/wecom/scan'
const TITLE = 'WeCom (sandbox)'

const OUTCOMES: Record<ScanStatus, string> = {
  waiting: '',
  confirmed: 'Sign-in confirmed. Go back to your computer.',
  cancelled:
    'Sign-in cancelled. Nothing was shared. (A number that does not match the computer cancels too.)',
  expired: 'This QR code has expired. Refresh it on your computer and scan again.',
}

function outcomePage(status: ScanStatus): string {
  return providerPage(
    TITLE,
    `<p role="status" data-testid="wecom-outcome">${escapeHtml(OUTCOMES[status])}</p>`,
  )
}

/**
 * Number matching (review L6): the right number and two others (fixed per code), as radio buttons.
 * Only someone who sees the computer's screen knows which one to pick.
 */
function numberChoices(choices: string[]): string {
  return choices
    .map((number) => `<label><input type="radio" name="match" value="${number}" required> ${number}</label>`)
    .join('\n')
}

/**
 * The WeCom phone app, played by a page: the QR code of `memberQrCodeLoginUrl` encodes this page's
 * address; it asks "sign in as <member>?" and records the answer, which the app's polling reads.
 */
export async function wecomPhoneRoutes(app: FastifyInstance, options: { world: SandboxWorld }) {
  const scans = wecomScansOf(options.world)

  app.get(WECOM_SCAN_PATH, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store')
    const ticket = stringFields(request.query).ticket ?? ''
    const status = scans.status(ticket)
    const choices = scans.choicesOf(ticket)
    if (status !== 'waiting' || !choices)
      return reply.code(status === 'expired' ? 410 : 409).send(outcomePage(status))
    return reply.send(
      providerPage(
        TITLE,
        `<p>Sign in to the customer-contact suite on your computer as this member?</p>
<form method="post">${hiddenInputs({ ticket })}
<label for="member">WeCom member (e-mail)</label>
<input id="member" name="member" type="email" value="${escapeHtml(SSO_WECOM_ACCOUNT.email)}" required>
<fieldset><legend>Which number does the computer you are signing in to show?</legend>
${numberChoices(choices)}
</fieldset>
<button type="submit" name="decision" value="confirm">Confirm sign-in</button>
<button type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
</form>`,
      ),
    )
  })

  app.post(WECOM_SCAN_PATH, async (request, reply) => {
    const fields = stringFields(request.body)
    const member = (fields.member ?? '').trim().toLowerCase()
    const confirmed = fields.decision === 'confirm' && member !== ''
    const status = scans.decide(
      fields.ticket ?? '',
      confirmed ? 'confirmed' : 'cancelled',
      member,
      fields.match,
    )
    return reply
      .code(status === 'expired' ? 410 : 200)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(outcomePage(status))
  })
}
