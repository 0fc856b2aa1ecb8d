import { afterEach, describe, expect, it } from 'vitest';
import { READ_PRELOADS_META, preloadReadModules } from './read-preloads';

function meta(path: string, content: string) {
  const element = document.createElement('meta');
  element.name = READ_PRELOADS_META;
  element.dataset.path = path;
  element.content = content;
  document.head.append(element);
}
const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

describe('preloadReadModules', () => {
  afterEach(() => {
    for (const element of document.head.querySelectorAll(`meta[name="${READ_PRELOADS_META}"], link[rel="modulepreload"]`)) element.remove();
  });

  it("preloads the chunks index.html names for the page's path, once, with CORS as module scripts are fetched", () => {
    meta('/dashboard', '/assets/reads-dashboard-a.js /assets/reads-dashboard-b.js');
    meta('/elsewhere', '/assets/reads-elsewhere.js');
    preloadReadModules('/dashboard/');
    preloadReadModules('/dashboard');
    expect(preloads()).toEqual(['/assets/reads-dashboard-a.js', '/assets/reads-dashboard-b.js']);
    expect(document.head.querySelector('link[rel="modulepreload"]')?.getAttribute('crossorigin')).toBe('');
  });

  it('preloads nothing for a page without first reads, nor what is preloaded already', () => {
    meta('/dashboard', '/assets/reads-dashboard-a.js');
    const existing = document.createElement('link');
    existing.rel = 'modulepreload';
    existing.href = '/assets/reads-dashboard-a.js';
    document.head.append(existing);
    preloadReadModules('/signin');
    preloadReadModules('/dashboard');
    expect(preloads()).toEqual(['/assets/reads-dashboard-a.js']);
  });
});
