// A CSS module keeps only rules something uses: every class it defines is read by a component that imports
// it (`styles.x`, `styles['x']`) or composed by another sheet. A class left behind when a screen moved to
// the kit or to a layout primitive fails here (issue #34: "feature modules keep only what is theirs").
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const dirs = ['apps/web/src', 'apps/backoffice/src', 'apps/employer/src', 'packages/ui/src'];
const UI_SRC = path.join(root, 'packages/ui/src');

function filesOf(dir: string, ext: RegExp): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesOf(path.join(dir, e.name), ext) : ext.test(e.name) ? [path.join(dir, e.name)] : []));
}

/** Where an import of a CSS module points: relative, or `@payrail/ui/styles/*` / `@payrail/ui/*.css` (packages/ui's exports). */
function resolveCss(from: string, spec: string): string | null {
  if (spec.startsWith('.')) return path.resolve(path.dirname(from), spec);
  if (spec.startsWith('@payrail/ui/')) return path.join(UI_SRC, spec.slice('@payrail/ui/'.length));
  return null;
}

/** The classes a sheet defines (selectors only, not declarations). */
function classesOf(css: string): Set<string> {
  const selectors = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\{[^{}]*\}/g, '{}');
  return new Set([...selectors.matchAll(/\.([a-zA-Z_][\w-]*)/g)].map((m) => m[1]!));
}

function unusedClasses(): string[] {
  const sources = dirs.flatMap((d) => filesOf(path.join(root, d), /\.tsx?$/));
  const sheets = dirs.flatMap((d) => filesOf(path.join(root, d), /\.module\.css$/));
  const used = new Map<string, Set<string>>(sheets.map((s) => [s, new Set<string>()]));
  const dynamic = new Set<string>();
  for (const file of sources) {
    const code = fs.readFileSync(file, 'utf8');
    for (const m of code.matchAll(/import\s+(\w+)\s+from\s+'([^']+\.module\.css)'/g)) {
      const sheet = resolveCss(file, m[2]!);
      if (!sheet || !used.has(sheet)) continue;
      const name = m[1]!;
      for (const u of code.matchAll(new RegExp(`\\b${name}\\.(\\w+)`, 'g'))) used.get(sheet)!.add(u[1]!);
      for (const u of code.matchAll(new RegExp(`\\b${name}\\[['"]([\\w-]+)['"]\\]`, 'g'))) used.get(sheet)!.add(u[1]!);
      if (new RegExp(`\\b${name}\\[(?!['"])`).test(code)) dynamic.add(sheet);
      // Re-exported under another name (`export { styles as fieldStyles }`): read wherever that name is.
      for (const r of code.matchAll(new RegExp(`export\\s*\\{\\s*${name}\\s+as\\s+(\\w+)\\s*\\}`, 'g'))) {
        for (const other of sources) {
          for (const u of fs.readFileSync(other, 'utf8').matchAll(new RegExp(`\\b${r[1]!}\\.(\\w+)`, 'g'))) used.get(sheet)!.add(u[1]!);
        }
      }
    }
  }
  for (const sheet of sheets) {
    const css = fs.readFileSync(sheet, 'utf8');
    for (const m of css.matchAll(/composes:\s*([\w\s-]+?)(?:\s+from\s+'([^']+)')?\s*;/g)) {
      const target = m[2] ? resolveCss(sheet, m[2]) : sheet;
      if (target && used.has(target)) for (const c of m[1]!.split(/\s+/).filter(Boolean)) used.get(target)!.add(c);
    }
  }
  return sheets
    .filter((s) => !dynamic.has(s))
    .flatMap((s) => [...classesOf(fs.readFileSync(s, 'utf8'))].filter((c) => !used.get(s)!.has(c)).map((c) => `${path.relative(root, s)}: .${c}`));
}

describe('CSS modules', () => {
  it('define only classes something uses', () => {
    expect(unusedClasses()).toEqual([]);
  });
});
