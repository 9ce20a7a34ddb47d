/** The standalone external sign-in and connect app (its own base path, ADR 0040). */
export default {
  signInTitle: '{{prefix}}Sign in with your company account',
  signInIntro: 'Use the identity provider your administrator set up.',
  microsoft: 'Sign in with Microsoft',
  saml: 'Sign in with SAML single sign-on',
  samlStart: 'Your company sign-in page',
  connectTitle: '{{prefix}}Connect a store or CRM',
  connectIntro:
    'Choose the account to connect. You will agree to what it may read before anything is shared.',
  connectWith: 'Connect {{channel}}',
  toConnect: 'Connect a store or CRM instead',
  toSignIn: 'Sign in with your company account',
  signedIn: 'You are signed in.',
  toConsole: 'Continue',
  received: '{{channel}} answered. Agree to the access it gets to finish.',
  continueConsent: 'Review and authorize',
  pendingSignIn: 'Sign in to finish connecting {{channel}}.',
  passwordSignIn: 'Sign in with email and password',
  refusedTitle: 'This sign-in link cannot be used',
  signedInAsOther:
    'Another account is signed in in this browser. Sign out first, then sign in with the account you want to use.',
  stateRefused:
    'This answer from the provider was already used, or it belongs to another browser or provider. Start again from the button below.',
  missingParams: 'The provider came back without everything it should send. Please start again.',
  unknownProvider: 'This provider is not supported here.',
  providerUnavailable: 'This provider is not available on this site.',
  startAgain: 'Start again',
  notFoundTitle: 'Page not found',
  notFoundBody: 'This address is not a page of the sign-in app.',
  home: 'Go to the sign-in page',
}
