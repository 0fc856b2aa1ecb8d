/**
 * Every user-facing message the spec fixes, verbatim (typos included). Server and SPAs import these;
 * nobody retypes them.
 */
export const MSG = {
  // Validation (access §5, classic §5)
  required: 'Required.',
  invalidEmail: 'Invalid e-mail.',
  invalidDate: 'Invalid date.',
  fieldRuleNotFound: "Field's rule not found.",
  passwordMismatch: 'password does not match',
  stateBlank: "State can't be blank",
  stateUnavailable: 'We are not working with this State yet!',
  referralNotFound: 'This referral code does not exist.',
  invalidPhone: 'Must be a valid mobile phone number.',
  invalidPhoneShort: 'invalid phone',
  photoTooLarge: 'User photo cannot be more than 5MB.',
  photoWrongType: 'User photo should be a image file.',

  // Sign-in / session (access §8)
  unconfirmedEmail: 'You have to confirm your e-mail address before continuing.',
  noAccountYet: 'You do not have an account yet. Please sign up.',
  invalidCredentials: 'Invalid Email or password.',
  invalidPassword: 'Invalid password',
  socialSigninError: 'Error on signin',
  signInRequired: 'You need to sign in before continuing.',
  forbidden: "Sorry, you don't have permission to do this.",

  // Sign-up
  signupError: 'Error on signup!',
  signupSuccess: 'Success on Signup!',

  // E-mail confirmation
  accountConfirmed: 'Account confirmed with success!',
  confirmationTokenError: 'Confirmation token error.',
  newFlowInvalidCode: 'Invalid code please try again',

  // Forgot / reset password
  resetSent: 'Email with reset instructions sent!',
  forgotError: 'Error on forgot your password!',
  resetSaveError: 'Error on saving your password!',
  passwordUpdated: 'Password updated with success!',

  // Phone
  phoneSaveError: 'Error on saving your phone number',
  phoneVerifyError: 'Error on verifying your phone number',
  phoneVerified: 'Phone number verified!',

  // Classic application (classic §5, §8)
  dobYearInvalid: 'Year must be valid.',
  dobMonthInvalid: 'Month must be valid.',
  dobDayInvalid: 'Day must be valid.',
  underLegalAge: 'Unfortunately, you need to be of legal age.',
  ssnConfirmationMismatch: 'SSN confirmation does not match',
  ssnInvalid: 'social security number is invalid.',
  tenureTooShort: 'our program requires at least one year at current job',
  leadFullNameBlank: "Full Name can't be blank",
  leadEmailBlank: "E-mail Address can't be blank",
  leadEmailInvalid: 'Invalid E-mail Address',
  leadSuccess: 'Subscribe successfully made!',
  leadError: 'Error on subscribe!',
  paymentChangeFailed: 'Fail to confirm allotment requirements. Try again reloading the page',
  newLoanFailed: 'Sorry, we could not process a new loan',
  feedbackSent: 'Your feedback was sent.',
  feedbackUpdated: 'updated',

  // Misc
  captchaFailed: "It's look like a robot, try again",
  employerSearchFailed: 'Something went wrong, try again in a few minutes',
  /** The same words where another call fails and the spec gives no text of its own. */
  tryAgainLater: 'Something went wrong, try again in a few minutes',
  friendReferred: 'Friend referred successfully',
  updateSuccessful: 'Update successful!',
  codeCopied: 'Code copied!',
  signingIn: 'Signing in ...',
  pageNotFound: 'PAGE NOT FOUND',
  systemUnavailable: 'SYSTEM UNAVAILABLE',
} as const;

/** Devise-style field messages the server answers inside `{ errors: { field: [msg] } }`. */
export const FIELD_MSG = {
  blank: "can't be blank",
  taken: 'has already been taken',
  invalid: 'is invalid',
  notFound: 'not found',
  tooShort: (n: number) => `is too short (minimum is ${n} characters)`,
  confirmationMismatch: "doesn't match Password",
  alreadyConfirmed: 'was already confirmed, please try signing in',
  tokenExpired: 'has expired, please request a new one',
  passwordComplexity: 'must include a digit, a lowercase letter and an uppercase letter, and no spaces',
  mustBeAccepted: 'must be accepted',
  tooLong: (n: number) => `is too long (maximum is ${n} characters)`,
  notIncluded: 'is not included in the list',
} as const;

/**
 * Server texts the spec does not fix (it shows "the server's error text"). The SPA may match on them;
 * keep them stable.
 */
export const SERVER_MSG = {
  invalidVerificationCode: 'Invalid verification code',
  verificationCodeExpired: 'Verification code has expired, please request a new one',
  tooManyCodesSent: 'Too many verification codes were sent. Please try again in an hour.',
  tooManyWrongCodes: 'Too many wrong codes. Please request a new verification code.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  invalidLink: 'This sign-in link is invalid or has expired.',
  socialEmailUnverified: 'is not verified with the identity provider',
  supportEmailRequired: "can't be blank",
  statusOutOfDate: (current: string) => `Your application has moved on; it is now at ${current}.`,
  /** A step call made in a status whose page does not make it (422 with `current_status`). */
  stepNotAvailable: (status: string) => `This step is not available while your application is at ${status}.`,
  statusRefused: (from: string, to: string) => `Status can't change from ${from} to ${to}.`,
  noNextStatus: (current: string) => `There is no next step from ${current} yet.`,
  unknownStatus: (status: string) => `Unknown status ${status}.`,
  notificationNotFound: 'Notification not found',
  bannerNotFound: 'Banner not found',
} as const;
