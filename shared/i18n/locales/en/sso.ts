/** Enterprise sign-in (Microsoft, SAML) and its failure page. */
export default {
  heading: 'Enterprise sign-in',
  microsoft: 'Sign in with Microsoft',
  samlLegend: 'Sign in with your company identity provider (SAML)',
  samlId: 'Company SSO ID',
  samlSubmit: 'Use company SSO',
  failTitle: 'Sign-in failed',
  failText:
    'System abnormity: the sign-in with your identity provider could not be completed. Please try again.',
  failBack: 'Back to sign-in',
  restrictTitle: 'No access to the desktop workbench',
  restrictText:
    'Your account does not have permission to use the desktop workbench. Ask your administrator to grant it, then sign in again.',
  errors: {
    cancelled: 'The sign-in at your identity provider was cancelled.',
    '700014': 'This account does not exist in this environment. Re-enter it or sign up.',
    '700623': 'Microsoft verification is not enabled for this account.',
    '700624': 'This Microsoft account is not linked to any account. Ask your admin to bind it.',
    '700625': 'Password sign-in is disabled for this product. Sign in with Microsoft.',
    '700626': 'Single sign-on is not enabled for this company ID.',
    '700627': 'This identity provider account is not linked to any account. Ask your admin to bind it.',
  },
} as const
