import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/load-script', () => ({ loadScript: vi.fn(() => Promise.resolve()) }));

afterEach(() => {
  delete window.grecaptcha;
  vi.resetModules();
});

describe('recaptchaToken', () => {
  it('renders one invisible widget with its badge at the bottom left and executes it per action', async () => {
    const render = vi.fn(() => 7);
    const execute = vi.fn((_id: number, o: { action: string }) => Promise.resolve(`token-${o.action}`));
    window.grecaptcha = { ready: (cb) => cb(), render, execute };
    const { loadScript } = await import('../../../lib/load-script');
    const { recaptchaToken } = await import('./recaptcha');
    await expect(recaptchaToken('site-key', 'signin')).resolves.toBe('token-signin');
    await expect(recaptchaToken('site-key', 'signup')).resolves.toBe('token-signup');
    expect(loadScript).toHaveBeenCalledWith('https://www.google.com/recaptcha/api.js?render=explicit');
    expect(render).toHaveBeenCalledTimes(1);
    expect(render).toHaveBeenCalledWith(expect.any(HTMLElement), { sitekey: 'site-key', badge: 'bottomleft', size: 'invisible' });
    expect(execute).toHaveBeenCalledWith(7, { action: 'signup' });
  });

  it('fails when the script did not define grecaptcha, and tries again next time', async () => {
    const { recaptchaToken } = await import('./recaptcha');
    await expect(recaptchaToken('site-key', 'signin')).rejects.toThrow('reCAPTCHA did not start');
    window.grecaptcha = { ready: (cb) => cb(), render: () => 1, execute: () => Promise.resolve('ok') };
    await expect(recaptchaToken('site-key', 'signin')).resolves.toBe('ok');
  });
});
