/** Sign-in after the password: the e-mailed code, the notices and the password age reminder. */
export default {
  codeLegend: 'Email code',
  codeSent: 'We sent a 6-digit code to {{email}}. It is valid for 5 minutes.',
  codeLabel: '6-digit code',
  codeHint: 'Paste or type the code from the email.',
  codeWrong: 'This code is incorrect. Check the email and try again.',
  codeExpired: 'This code has expired. Request a new one.',
  codeFormat: 'Enter the 6 digits of the code.',
  resend: 'Send a new code',
  resendIn: 'Send a new code in {{seconds}} s',
  resendReady: 'You can send a new code now.',
  resendSent: 'A new code is on its way.',
  resendAt: 'You can ask for a new code at {{time}}.',
  otherAddress:
    'This sign-in was changed to another address in another tab. Check the address, then enter its password.',
  flowExpired: 'This sign-in has timed out or was finished elsewhere. Enter your email again.',
  notActivatedTitle: 'Product not activated',
  notActivatedText:
    'No product is activated for {{email}} yet, so there is nothing to open. Ask your administrator to activate the product for your account.',
  contactAdmin:
    'Your account may also need to be bound to the product: contact your administrator for account binding.',
  backToSignIn: 'Back to sign-in',
  reminderTitle: 'Time to change your password',
  reminderText:
    'You have not changed your password for more than 3 months. Change it now to keep your account safe.',
  changeNow: 'Change now',
  later: 'Later',
  changeTitle: 'Change your password',
  changeFor: 'For {{email}}. Enter your current password, then the new one twice.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  changeSave: 'Change password',
  changeWorking: 'Changing…',
  changeLater: 'Not now, continue',
} as const
