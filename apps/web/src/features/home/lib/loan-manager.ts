/** The loan-manager (servicer) site approved borrowers with a servicer id open (classic §2); set VITE_LOAN_MANAGER_URL per install. */
export const LOAN_MANAGER_URL: string = (import.meta.env.VITE_LOAN_MANAGER_URL as string | undefined) || 'https://loans.payrail.com/';

/** The loan-manager link: the session token is passed as the `token` query parameter (classic §2). */
export function loanManagerHref(token: string, base: string = LOAN_MANAGER_URL): string {
  const url = new URL(base);
  url.searchParams.set('token', token);
  return url.toString();
}
