const loading = new Map<string, Promise<void>>();

/**
 * Adds a third-party script once, on demand (spec §7: the identity provider, captcha and tag manager are
 * loaded only when needed). Resolves when it has loaded; a failed load can be retried.
 */
export function loadScript(src: string, attributes: Record<string, string> = {}): Promise<void> {
  const existing = loading.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      loading.delete(src);
      script.remove();
      reject(new Error(`Could not load ${src}`));
    });
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}
