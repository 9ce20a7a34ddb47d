/** Channel authorization (/auth/channel_auth, /auth/channel_authStatus). */
export default {
  metaTitle: 'Authorize a channel | Sobot',
  statusMetaTitle: 'Channel authorization | Sobot',
  name: {
    salesforce: 'Salesforce',
    shopify: 'Shopify',
    tikTok: 'TikTok Shop',
    lazada: 'Lazada',
    xiaohongshu: 'Rednote',
  },
  title: 'Authorize {{channel}}',
  titleNone: 'Authorize a channel',
  loading: 'Loading the authorization…',
  access:
    '{{channel}} will get read access to your account information and your conversation information. It cannot change them.',
  agree:
    'I have read and agree to the <privacy>Privacy Policy</privacy> and the <terms>Terms of Service</terms>.',
  signedInAs: 'You are signed in as <account>{{account}}</account>.',
  connecting: 'You are connecting <store>{{store}}</store> ({{channel}}) to this account.',
  connectingUnnamed: 'You are connecting a {{channel}} account to this account.',
  cancel: 'Cancel',
  cancelling: 'Cancelling…',
  authorize: 'Authorize',
  authorizing: 'Authorizing…',
  signInFirst: 'Sign in to the account the channel should connect to. You will come back here to finish.',
  signIn: 'Sign in',
  noFlow: 'There is no channel waiting for authorization. Start again from the channel you want to connect.',
  startAgain: 'Connect a channel',
  errorTitle: 'The authorization did not go through',
  retry: 'Try again',
  successTitle: 'Authorization successful',
  successBody: 'The channel is connected. Conversations from it will appear in your workbench.',
  successNext: 'Go to the console',
  failureTitle: 'Authorization failed',
  failureBody:
    'The channel could not be authorized for this account. Check that you signed in to the right organization, then connect again.',
  notAllowedTitle: 'Authorization not allowed',
  notAllowedBody:
    'This store may not be connected to your account. Ask your administrator which account it belongs to, or contact us.',
  cancelledTitle: 'Authorization cancelled',
  cancelledBody:
    'You did not authorize the channel. Nothing was shared with it; you can close this page, or connect again whenever you like.',
  connectAgain: 'Connect again',
  contactUs: 'Contact us',
  unknownResult:
    'This page shows the result of a channel authorization. Start from the channel you want to connect.',
}
