import { lazy, Suspense, useEffect, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { PasswordAgeNotice } from './PasswordAgeNotice.tsx'
import { PlainChangePassword } from './PlainChangePassword.tsx'
import { SignedIn } from './SignedIn.tsx'
import { SignInCard } from './SignInCard.tsx'
import './sign-in.css'

// Only an SSO sign-in of a multi-environment account needs it (`#sso=pick`): loaded then.
const SsoEnvironmentPicker = lazy(() =>
  import('./SsoEnvironmentPicker.tsx').then((module) => ({ default: module.SsoEnvironmentPicker })),
)

/**
 * The sign-in page: the signed-in card, a notice a plain post answered, or the sign-in's steps
 * (SignInCard; its state in ./state.ts, its calls in ./useSignInSteps.ts).
 */
export default function SignInPage() {
  const { user, formState, csrfToken } = usePageContext()
  const posted = formState?.form === 'signIn' ? formState : null
  // While an SSO sign-in waits for its environment, the picker is the whole page.
  const [picking, setPicking] = useState(false)
  const [pickerWanted, setPickerWanted] = useState(false)
  useEffect(() => {
    const check = () => {
      if (window.location.hash === '#sso=pick') setPickerWanted(true)
    }
    check()
    window.addEventListener('hashchange', check)
    return () => window.removeEventListener('hashchange', check)
  }, [])

  // After a sign-in posted without JavaScript whose password is old (sign-in-form.server.ts): the
  // reminder, then the change-password form, as plain forms that go on with `step=later`.
  if (user && posted?.notice === 'passwordAge') return <PasswordAgeNotice csrfToken={csrfToken} />
  // The plain form stays once the scripts ran too: what was typed into it stays where it is. Its
  // own component, not ChangePasswordStep: that one's live rules checklist and schema would put
  // ≈ 2 KB on every sign-in's first load for a screen few reach (budgets.test.ts).
  if (user && posted?.notice === 'changePassword')
    return <PlainChangePassword email={user.email} csrfToken={csrfToken} errors={posted.errors} />
  return (
    <>
      {pickerWanted && (
        <Suspense fallback={null}>
          <SsoEnvironmentPicker onOpen={setPicking} />
        </Suspense>
      )}
      <SignInBody hidden={picking} signedInAs={user?.email} />
    </>
  )
}

/** The signed-in card once signed in (a reminder still open keeps the card it belongs to). */
function SignInBody({ hidden, signedInAs }: { hidden: boolean; signedInAs: string | undefined }) {
  return signedInAs ? <SignedIn email={signedInAs} /> : <SignInCard hidden={hidden} />
}
