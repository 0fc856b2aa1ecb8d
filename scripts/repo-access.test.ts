// A server module reads and writes its own repositories only (issue #28): rule payrail/own-repos refuses
// `ctx.repos.<key>` of another module's repository unless the pair is on scripts/repo-access.allow.txt,
// and that list matches the tree exactly, with how many places each pair has (it only shrinks).
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- the flat config is plain JavaScript (checked with // @ts-check), without declarations
import { REPO_ACCESS_ALLOWED, REPO_OWNERS } from '../eslint.config.js';

const root = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(root, 'apps/server/src/modules');
const owners = REPO_OWNERS as ReadonlyMap<string, string>;
const allowed = REPO_ACCESS_ALLOWED as ReadonlySet<string>;

async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

/** Every repository key each module's sources use (`ctx.repos.<key>` and `const { <key> } = ctx.repos`). */
function repoUses(): { module: string; key: string }[] {
  const uses: { module: string; key: string }[] = [];
  for (const file of walk(modulesDir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))) {
    const module = path.relative(modulesDir, file).split(path.sep)[0]!;
    const src = fs.readFileSync(file, 'utf8');
    for (const m of src.matchAll(/ctx\.repos\.(\w+)/g)) uses.push({ module, key: m[1]! });
    for (const m of src.matchAll(/\{([^{}]*)\}\s*=\s*ctx\.repos\b/g))
      for (const part of m[1]!.split(',')) {
        const key = part.split(':')[0]!.trim();
        if (key) uses.push({ module, key });
      }
  }
  return uses;
}

describe("a module's own repositories", () => {
  it('knows the owner of every repository on the context', () => {
    expect(owners.get('loanBook')).toBe('loan-book');
    expect(owners.get('identity')).toBe('identity');
    expect(owners.get('employerRemittances')).toBe('employer-portal');
    expect([...new Set(repoUses().map((u) => u.key))].filter((key) => !owners.has(key))).toEqual([]);
  });

  it("refuses another module's repository, in both forms; its own is fine", async () => {
    const file = 'apps/server/src/modules/platform/sample.ts';
    const head = "import type { AppContext } from '../../context';\n";
    const refusal =
      'payrail/own-repos: server module "platform" must not use the repository "loanBook" of module "loan-book": call that module\'s exported functions (docs/architecture.md "Module floors")';
    expect(allowed.has('platform -> loan-book')).toBe(false);
    expect(await messages(file, head + 'export const f = (ctx: AppContext) => ctx.repos.loanBook.findLoan(1);\n')).toContain(refusal);
    expect(await messages(file, head + 'export const f = (ctx: AppContext) => {\n  const { loanBook } = ctx.repos;\n  return loanBook;\n};\n')).toContain(
      refusal,
    );
    expect(await messages(file, head + 'export const f = (ctx: AppContext) => ctx.repos.platform.setting("x");\n')).toEqual([]);
  });

  it('the allowed pairs are exactly those in the tree, with their counts (the list only shrinks)', () => {
    const counts = new Map<string, number>();
    for (const { module, key } of repoUses()) {
      const owner = owners.get(key);
      if (owner && owner !== module) counts.set(`${module} -> ${owner}`, (counts.get(`${module} -> ${owner}`) ?? 0) + 1);
    }
    const listed = new Map(
      fs
        .readFileSync(path.join(root, 'scripts/repo-access.allow.txt'), 'utf8')
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith('#'))
        .map((l) => {
          const [pair, count] = l.split('#').map((s) => s.trim());
          return [pair!, Number(count)] as const;
        }),
    );
    expect(Object.fromEntries([...listed].sort())).toEqual(Object.fromEntries([...counts].sort()));
    expect(new Set(listed.keys())).toEqual(allowed);
    // The list reached empty (issue #28): no module uses another's repository, and none may start to.
    expect([...listed.keys()]).toEqual([]);
  });
});
