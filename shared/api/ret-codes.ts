/**
 * Every upstream retCode the BFF and its pages name, by name: the one table (issue 44 point 4).
 * Spec §8 (and §4's channel outcomes) plus the codes chosen here (ADR 0055); what each means, and
 * whether the spec shows it, is in `RET_CODE_NOTES` of shared/api/upstream-notes.ts (server and
 * scripts only). Browser-safe: no imports. Product code names a code only through this table
 * (tests/shared/api/ret-codes.test.ts greps for six-digit literals elsewhere).
 */
export const RET_CODES = {
  success: '000000',
  otherFailure: '999999',
  confirmationDiffers: '700001',
  accountEmpty: '700004',
  passwordEmpty: '700009',
  noSuchAccount: '700014',
  accountUnavailable: '700023',
  emailRegistered: '700037',
  passwordFormat: '700054',
  companyInvalid: '700070',
  phoneInvalid: '700073',
  passwordMissing: '700076',
  emailEmpty: '700077',
  emailInvalid: '700078',
  captchaEmpty: '700112',
  locked: '700123',
  codeExpired: '700125',
  captchaIncorrect: '700169',
  accountFormat: '700201',
  invalidInput: '700203',
  firstNameEmpty: '700204',
  firstNameInvalid: '700205',
  lastNameEmpty: '700206',
  lastNameInvalid: '700207',
  fullNameEmpty: '700208',
  fullNameInvalid: '700209',
  referralCodeInvalid: '700210',
  wrongAccountOrPassword: '700211',
  samePassword: '700490',
  jobTitleInvalid: '700591',
  verifyEmailLimit: '700604',
  resetLimit: '700605',
  salesforceFailed: '700619',
  microsoftNotEnabled: '700623',
  microsoftNotLinked: '700624',
  passwordSignInDisabled: '700625',
  ssoNotEnabled: '700626',
  ssoNotLinked: '700627',
  tooSoon: '700631',
  productNotActivated: '700702',
  workbenchRestricted: '700703',
  shopifyNotAllowed: '110408',
  tiktokNotAllowed: '140005',
} as const

export type RetCodeName = keyof typeof RET_CODES
export type RetCodeValue = (typeof RET_CODES)[RetCodeName]
