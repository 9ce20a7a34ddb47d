import { usePageContext } from 'vike-react/usePageContext'
import { isChannel, isChannelOutcome } from '../../../../shared/channels/outcome.ts'
import { MARKETING_EMAIL } from '../../../../shared/frame/constants.ts'
import { ConsoleForm } from '../../../components/ConsoleForm.tsx'
import { useTranslation } from '../../../translation.tsx'

/**
 * The result of a channel authorization (spec §2, §3): success, failure or not allowed, each with
 * what to do next. `result` is one of three fixed values (and `channel` one of five), so the HTML
 * still depends only on a small set of variants, never on free text from the URL.
 */
export default function ChannelAuthStatusPage() {
  const { t } = useTranslation('channels')
  const { urlParsed, language, externalApp, user } = usePageContext()
  const result = urlParsed.search.result
  const channel = urlParsed.search.channel
  const zh = language === 'zh'
  const connectAgain = `${externalApp.basePath}/connect${zh ? '?language=zh' : ''}`
  if (!isChannelOutcome(result)) {
    return (
      <section className="card" aria-labelledby="status-title">
        <h1 id="status-title">{t('titleNone')}</h1>
        <p>{t('unknownResult')}</p>
        <p>
          <a className="button primary" href={connectAgain}>
            {t('startAgain')}
          </a>
        </p>
      </section>
    )
  }
  const key = result === 'not_allowed' ? 'notAllowed' : result
  return (
    <section className="card" aria-labelledby="status-title" data-result={result}>
      <h1 id="status-title">{t(`${key}Title`)}</h1>
      {isChannel(channel) ? <p className="aside">{t(`name.${channel}`)}</p> : null}
      <p>{t(`${key}Body`)}</p>
      {result === 'success' && user ? (
        // Signed in: straight to the console with this session's ticket (issue 18 point 8).
        <ConsoleForm />
      ) : (
        <p>
          {result === 'success' ? (
            <a className="button primary" href={`/auth/sign_in${zh ? '?language=zh' : ''}`}>
              {t('successNext')}
            </a>
          ) : (
            <>
              <a className="button primary" href={connectAgain}>
                {t('connectAgain')}
              </a>{' '}
              {/* A refusal is the user's own choice: nothing to ask us about. */}
              {result === 'cancelled' ? null : (
                <a className="button" href={`mailto:${MARKETING_EMAIL}`}>
                  {t('contactUs')}
                </a>
              )}
            </>
          )}
        </p>
      )}
    </section>
  )
}
