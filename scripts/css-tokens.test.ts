// Every custom property a stylesheet reads is declared somewhere (the design tokens in
// packages/ui/src/styles/tokens.css, or a sheet's own): a misspelt or invented token silently renders its
// fallback, off the palette, or nothing at all.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const dirs = ['apps/web/src', 'apps/backoffice/src', 'apps/employer/src', 'packages/ui/src'];

function filesOf(dir: string, ext: RegExp): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesOf(path.join(dir, e.name), ext) : ext.test(e.name) ? [path.join(dir, e.name)] : []));
}

/** Custom properties declared (`--x:`) and read (`var(--x`) by sheets and by inline styles in components. */
function scan() {
  const declared = new Set<string>();
  const read: { name: string; file: string }[] = [];
  // A component may set one inline (`style={{ '--table-max-height': … }}`).
  for (const file of dirs.flatMap((d) => filesOf(path.join(root, d), /\.tsx?$/))) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/['"](--[a-z0-9-]+)['"]\s*:/gi)) declared.add(m[1]!);
  }
  const sources = dirs.flatMap((d) => filesOf(path.join(root, d), /\.css$/));
  for (const file of sources) {
    const css = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const m of css.matchAll(/(--[a-z0-9-]+)\s*:/gi)) declared.add(m[1]!);
    for (const m of css.matchAll(/var\(\s*(--[a-z0-9-]+)/gi)) read.push({ name: m[1]!, file: path.relative(root, file) });
  }
  return { declared, read };
}

describe('design tokens', () => {
  it('every custom property a stylesheet reads is declared', () => {
    const { declared, read } = scan();
    expect(read.length).toBeGreaterThan(100);
    expect(read.filter((r) => !declared.has(r.name)).map((r) => `${r.file}: ${r.name}`)).toEqual([]);
  });
});
