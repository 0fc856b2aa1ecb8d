/** Labels the server's field names are read with ("Email has already been taken"). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  email: 'Email',
  password: 'Password',
  password_confirmation: 'Password Confirmation',
  confirmation_token: 'Confirmation token',
  reset_password_token: 'Reset password token',
  friend_refer_code: 'Referral code',
  state_id: 'State',
  employer_id: 'Employer',
  google_token: 'Social sign-in',
  privacy_notice: 'Privacy notice',
  consent_eletronic_comunications: 'Electronic communications consent',
};

export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A Devise field message as a sentence: "has already been taken" on `email` reads "Email has already
 * been taken". Messages that are already sentences (they start with a capital, e.g. the spec's
 * "This referral code does not exist.") are kept as they are.
 */
export function fieldMessage(field: string, message: string): string {
  return /^[A-Z]/.test(message) ? message : `${fieldLabel(field)} ${message}`;
}
