/** What the product asks of a captcha service: is this browser's token a human's? */
export interface CaptchaVerifier {
  readonly provider: 'sandbox' | 'recaptcha';
  /** The public key the SPA loads the widget with (null for the sandbox). */
  readonly siteKey: string | null;
  verify(token: string, ip: string | null): Promise<boolean>;
}
