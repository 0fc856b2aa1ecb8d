import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { whenRouterReady } from './app/router-ready';
import { routes } from './app/router';
import { PRERENDERED_PATHS, prerender } from './prerender';

/** The markup as a document, to query it the way a browser would read it. */
const parse = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
};

describe('prerendered landing pages', () => {
  it('draws the sign-in card with its fields, in the shell, titled', async () => {
    const { html, title } = await prerender('/signin');
    const page = parse(html);
    expect(title).toBe('Sign in · Payrail');
    expect(page.querySelectorAll('main#main')).toHaveLength(1);
    expect(page.querySelector('h1')?.textContent).toBe('Sign in');
    expect(page.querySelector('input[type="email"][name="email"]')).not.toBeNull();
    expect(page.querySelector('input[type="password"][name="password"]')).not.toBeNull();
    expect(page.querySelector('header a[href="tel:+18885550142"]')).not.toBeNull();
    // Sent before the app has drawn the page, the form goes nowhere (the app sends it once it is in).
    expect(page.querySelector('form')?.getAttribute('method')).toBe('dialog');
  });

  it('draws the sign-up card and the new-flow pages with their own headings', async () => {
    const signup = parse((await prerender('/signup')).html);
    // Its first step waits for the list of states, as in the browser's first render.
    expect(signup.querySelector('h1')?.textContent).toBe('Check your rate');
    expect(signup.textContent).toContain('First, tell us where you live.');
    const newflow = await prerender('/application/newflow/signup');
    expect(newflow.title).toBe('Check Your Rate · Payrail');
    expect(parse(newflow.html).querySelector('form')).not.toBeNull();
  });

  it('never prerenders a page-wide loading state, an error or a page for a session', async () => {
    for (const path of PRERENDERED_PATHS) {
      const page = parse((await prerender(path)).html);
      expect(page.querySelector('main#main'), path).not.toBeNull();
      expect(page.querySelector('h1'), path).not.toBeNull();
      expect(page.querySelector('main[aria-busy="true"]'), path).toBeNull();
      expect(page.textContent, path).not.toMatch(/something went wrong|page not found|log out/i);
    }
  });

  it('waits for the router to load the page modules, and answers at once when it already has', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/signin'] });
    expect(router.state.initialized).toBe(false);
    await whenRouterReady(router);
    expect(router.state.initialized).toBe(true);
    expect(router.state.matches.at(-1)?.route.path).toBe('signin');
    await expect(whenRouterReady(router)).resolves.toBeUndefined();
    router.dispose();
  });
});
