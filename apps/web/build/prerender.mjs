#!/usr/bin/env node
// Prerendered landing pages (docs/performance.md, "Prerendered landing pages"). After `vite build` (the
// client, in dist/) and `vite build --ssr src/prerender.tsx --outDir .prerender` (the same app bundled for
// Node), this draws each page of PRERENDERED_PATHS in happy-dom and writes dist/prerendered/<path>.html:
// dist/index.html with the page's first render in place of the boot shell, the page's title, and its
// stylesheets (the entry's and the page's own, from route-preloads.json) inlined, so that the first paint
// needs no request after the HTML. The server sends that file for the path (apps/server/src/http/spa.ts);
// main.tsx draws the same page over it once the page's modules are in.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Window } from 'happy-dom';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const bundle = path.join(web, '.prerender', 'prerender.js');

/** A browser-like global scope for the app's modules: what happy-dom's window has and Node lacks. */
function installDom(url) {
  const window = new Window({ url, width: 412, height: 823 });
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in globalThis || key === 'undefined') continue;
    Object.defineProperty(globalThis, key, { configurable: true, writable: true, value: window[key] });
  }
  for (const key of ['window', 'self', 'document', 'navigator', 'location', 'history', 'localStorage', 'sessionStorage']) {
    Object.defineProperty(globalThis, key, { configurable: true, writable: true, value: key === 'window' || key === 'self' ? window : window[key] });
  }
  // Nothing is fetched at build time: a request the first render makes would be a bug in what is prerendered.
  globalThis.fetch = () => Promise.reject(new Error('prerender: no network at build time'));
  return window;
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** A stylesheet's text made safe to sit inside <style> (a literal </style> would end it). */
const styleText = (file) => fs.readFileSync(path.join(dist, file), 'utf8').replace(/<\/style/gi, '<\\/style');

/**
 * A stylesheet inlined above, marked as loaded for Vite's module loader: when the app's modules load, the loader
 * adds each one's stylesheets and waits for them, unless a <link rel="stylesheet"> of that URL is already in the
 * document. A disabled link is never fetched (HTML: an explicitly disabled stylesheet is not loaded), so the mark
 * costs nothing, and without it the app's start waited one more round trip for a stylesheet already on the page.
 */
const loadedMark = (href) => `<link rel="stylesheet" href="${href}" disabled>`;

const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const preloads = JSON.parse(fs.readFileSync(path.join(dist, 'route-preloads.json'), 'utf8'));
const BOOT_SHELL = /<div id="root">[\s\S]*?<!-- \/boot-shell -->\s*<\/div>/;
const ENTRY_CSS = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g;
if (!BOOT_SHELL.test(template)) throw new Error('prerender: dist/index.html has no boot shell to replace (<div id="root">… <!-- /boot-shell --></div>)');

const window = installDom('http://localhost/');
const { PRERENDERED_PATHS, prerender } = await import(pathToFileURL(bundle).href);
fs.rmSync(path.join(dist, 'prerendered'), { recursive: true, force: true });
for (const urlPath of PRERENDERED_PATHS) {
  window.happyDOM.setURL(`http://localhost${urlPath}`);
  const { html, title } = await prerender(urlPath);
  if (!html.includes('id="main"')) throw new Error(`prerender: ${urlPath} rendered no <main> (a loading state?)`);
  const inlined = [];
  const inline = (href) => {
    inlined.push(href);
    return `<style data-href="${href}">${styleText(href)}</style>`;
  };
  const pageCss = (preloads[urlPath]?.css ?? []).map(inline).join('');
  const page = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(ENTRY_CSS, (_link, href) => inline(href))
    .replace('</head>', () => `${pageCss}${inlined.map(loadedMark).join('')}</head>`)
    .replace(BOOT_SHELL, () => `<div id="root" data-prerendered="${urlPath}">${html}</div>`);
  const out = path.join(dist, 'prerendered', `${urlPath.slice(1)}.html`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, page);
  console.log(`prerendered ${urlPath} → ${path.relative(web, out)} (${(page.length / 1024).toFixed(0)} kB)`);
}
await window.happyDOM.abort();
window.close();
process.exit(0);
