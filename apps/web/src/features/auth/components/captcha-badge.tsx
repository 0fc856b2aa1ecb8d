import { useCaptchaConfig } from '../api/get-captcha-config';
import styles from './auth.module.css';

/**
 * The captcha badge at the bottom left (spec §2) on the screens that run the captcha. reCAPTCHA draws
 * its own badge; the sandbox shows this one so nobody mistakes the test mode for protection.
 */
export function CaptchaBadge() {
  const { data } = useCaptchaConfig();
  if (!data || data.provider !== 'sandbox') return null;
  return (
    <p className={styles.captcha} data-captcha-badge="">
      <svg className={styles.captchaIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M8 1l5.5 2v4.2c0 3.4-2.3 6.3-5.5 7.3-3.2-1-5.5-3.9-5.5-7.3V3z" fill="currentColor" />
        <path d="M5.4 8.1l1.8 1.8 3.4-3.6" stroke="#fff" strokeWidth="1.6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={styles.captchaText}>Protected by captcha (sandbox)</span>
    </p>
  );
}
