// The server's module floors (issue #28): the lint rule refuses an upward import between modules, and the
// list of upward imports still allowed matches the tree exactly (it only shrinks).
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- the flat config is plain JavaScript (checked with // @ts-check), without declarations
import { MODULE_FLOORS, UPWARD_ALLOWED } from '../eslint.config.js';

const root = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(root, 'apps/server/src/modules');
const floors = MODULE_FLOORS as readonly (readonly string[])[];
const allowed = UPWARD_ALLOWED as ReadonlySet<string>;
const rank = new Map(floors.flat().map((m, i) => [m, i]));

async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

/** Every "from -> to" import between two modules where `to` ranks above `from` (all import forms, type ones too). */
function upwardImports(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  const moduleOf = (p: string) => /^([^/]+)\//.exec(path.relative(modulesDir, p).split(path.sep).join('/'))?.[1];
  for (const file of walk(modulesDir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))) {
    const src = fs.readFileSync(file, 'utf8');
    for (const m of src.matchAll(/(?:import|export)\s[^'";]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
      const target = path.resolve(path.dirname(file), (m[1] ?? m[2])!);
      const from = moduleOf(file);
      const to = target.startsWith(modulesDir + path.sep) ? moduleOf(target + path.sep) : undefined;
      if (!from || !to || from === to) continue;
      if ((rank.get(to) ?? -1) > (rank.get(from) ?? -1)) {
        const key = `${from} -> ${to}`;
        found.set(key, [...(found.get(key) ?? []), path.relative(root, file)]);
      }
    }
  }
  return found;
}

describe('server module floors', () => {
  it('every module has a floor', () => {
    const modules = fs
      .readdirSync(modulesDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(modules.filter((m) => !rank.has(m))).toEqual([]);
    expect([...rank.keys()].filter((m) => !modules.includes(m))).toEqual([]);
  });

  it('an upward import is refused, in every import form; a downward one is fine', async () => {
    const file = 'apps/server/src/modules/platform/sample.ts';
    const refusal =
      'payrail/boundaries: server module "platform" (floor 0) must not import "loan-book" (floor 5): an upward import (docs/architecture.md "Module floors")';
    expect(await messages(file, "import { loanState } from '../loan-book/use-cases/loan-position';\nexport const t = loanState;\n")).toContain(refusal);
    expect(await messages(file, "export { loanState } from '../loan-book/use-cases/loan-position';\n")).toContain(refusal);
    expect(await messages(file, "export * from '../loan-book/use-cases/loan-position';\n")).toContain(refusal);
    expect(await messages(file, "export const load = () => import('../loan-book/use-cases/loan-position');\n")).toContain(refusal);
    // Same floor, listed later: upward too (the order inside a floor keeps the graph acyclic).
    expect(await messages('apps/server/src/modules/loan-book/sample.ts', "export { x } from '../ach-transmission/transmit';\n")).toContain(
      'payrail/boundaries: server module "loan-book" (floor 5) must not import "ach-transmission" (floor 5): an upward import (docs/architecture.md "Module floors")',
    );
    expect(await messages('apps/server/src/modules/loan-book/sample.ts', "import { signedIn } from '../identity/http';\nexport const a = signedIn;\n")).toEqual(
      [],
    );
  });

  it('lib/ and db/ stand below every module: they never import one (only the demo seeds, which compose modules)', async () => {
    const refusal = (from: string) =>
      `payrail/boundaries: ${from} stands below the server modules and must not import module "platform" (docs/architecture.md "Module floors")`;
    const gate = (up: string) => `import { createSystemGate } from '${up}modules/platform/system-gate';\nexport const g = createSystemGate;\n`;
    for (const file of ['apps/server/src/lib/sample.ts', 'apps/server/src/db/sample.ts']) expect(await messages(file, gate('../'))).toContain(refusal(file));
    expect(await messages('apps/server/src/db/schema/sample.ts', "export type { SystemGate } from '../../modules/platform/system-gate';\n")).toContain(
      refusal('apps/server/src/db/schema/sample.ts'),
    );
    expect(await messages('apps/server/src/db/seed-sample.ts', gate('../'))).toEqual([]);
    expect(await messages('apps/server/src/lib/sample.ts', "import { parsedJson } from '../db/json-rows';\nexport const p = parsedJson;\n")).toEqual([]);
    // …and the tree holds to it.
    const serverSrc = path.join(root, 'apps/server/src');
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    const below = [...walk(path.join(serverSrc, 'lib')), ...walk(path.join(serverSrc, 'db'))].filter(
      (f) => /\.ts$/.test(f) && !/^db\/seed[^/]*\.ts$/.test(path.relative(serverSrc, f).split(path.sep).join('/')),
    );
    const intoModules = below.filter((f) =>
      [...fs.readFileSync(f, 'utf8').matchAll(/from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)].some((m) =>
        path.resolve(path.dirname(f), (m[1] ?? m[2])!).startsWith(modulesDir + path.sep),
      ),
    );
    expect(intoModules.map((f) => path.relative(root, f))).toEqual([]);
  });

  it('the allowed upward imports are exactly the ones in the tree (the list only shrinks)', () => {
    const inTree = [...upwardImports().keys()].sort();
    expect([...allowed].sort()).toEqual(inTree);
  });
});
