import { loadScript } from '../../../lib/load-script';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** The container id is checked before it goes into a URL. */
const GTM_ID = /^GTM-[A-Z0-9]+$/;

/**
 * Loads Google Tag Manager only when `VITE_GTM_ID` is set (spec §2: a tag manager is loaded). With no id
 * nothing is fetched, so development, tests and installs without analytics stay script-free.
 */
export function loadTagManager(id: string | undefined = import.meta.env.VITE_GTM_ID): boolean {
  if (!id || !GTM_ID.test(id)) return false;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  void loadScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`).catch(() => undefined);
  return true;
}
