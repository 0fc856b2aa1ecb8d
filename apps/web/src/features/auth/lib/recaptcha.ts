import { loadScript } from '../../../lib/load-script';

interface ReCaptcha {
  ready(callback: () => void): void;
  render(container: HTMLElement, parameters: { sitekey: string; badge: 'bottomleft' | 'bottomright' | 'inline'; size: 'invisible' }): number;
  execute(widgetId: number, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: ReCaptcha;
  }
}

/** The widget rendered once per page (explicit render, so its badge sits at the bottom left, spec §2). */
let widget: Promise<{ grecaptcha: ReCaptcha; id: number }> | null = null;

function widgetFor(siteKey: string): Promise<{ grecaptcha: ReCaptcha; id: number }> {
  widget ??= (async () => {
    await loadScript('https://www.google.com/recaptcha/api.js?render=explicit');
    const grecaptcha = window.grecaptcha;
    if (!grecaptcha) throw new Error('reCAPTCHA did not start');
    return new Promise<{ grecaptcha: ReCaptcha; id: number }>((resolve) => {
      grecaptcha.ready(() => {
        const container = document.createElement('div');
        container.setAttribute('data-captcha-widget', '');
        document.body.append(container);
        resolve({ grecaptcha, id: grecaptcha.render(container, { sitekey: siteKey, badge: 'bottomleft', size: 'invisible' }) });
      });
    });
  })().catch((e: unknown) => {
    widget = null; // a failed load may be retried on the next submit
    throw e;
  });
  return widget;
}

/** A reCAPTCHA v3 token for `action`; the script loads on first use only. */
export async function recaptchaToken(siteKey: string, action: string): Promise<string> {
  const { grecaptcha, id } = await widgetFor(siteKey);
  return grecaptcha.execute(id, { action });
}
