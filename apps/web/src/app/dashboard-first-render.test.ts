import { describe, expect, it } from 'vitest';
import { LANDING_READ_MODULES, LANDING_ROUTES } from '../../build/route-preloads';

/**
 * What /dashboard evaluates before its first render is the static-import closure of its route modules
 * (guard, shell, page: LANDING_ROUTES) and of the app's start. zod is not in it: every read of the page
 * loads its answer's schema with the request (docs/architecture.md, "The dashboard's first load").
 * Walked on the sources: `import type` and dynamic `import()` load nothing before the render.
 */
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\s)(?:[\s\S]*?\s+from\s+)?'([^']+)';/gm;

async function staticClosure(roots: readonly string[]) {
  const { existsSync, readFileSync } = await import('node:fs');
  const { dirname, resolve } = await import('node:path');
  const repo = ['.', '../..'].map((p) => resolve(process.cwd(), p)).find((p) => existsSync(resolve(p, 'apps/web/src/main.tsx')))!;
  const file = (base: string) => ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((p) => existsSync(p) && !p.endsWith('/'));
  const seen = new Set<string>();
  const packages = new Set<string>();
  const stack = roots.map((root) => resolve(repo, 'apps/web/src', root));
  while (stack.length > 0) {
    const path = stack.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    for (const match of readFileSync(path, 'utf8').matchAll(STATIC_IMPORT)) {
      const specifier = match[1] ?? '';
      if (specifier.endsWith('.css')) continue;
      const workspace = /^@payrail\/(\w+)\/(.+)$/.exec(specifier);
      if (!specifier.startsWith('.') && !workspace) {
        // A dependency: its name (with its scope), e.g. zod, react, @tanstack/react-query.
        packages.add(
          specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/'),
        );
        continue;
      }
      const target = workspace ? file(resolve(repo, 'packages', workspace[1] ?? '', 'src', workspace[2] ?? '')) : file(resolve(dirname(path), specifier));
      if (!target) throw new Error(`${path}: ${specifier} not found`);
      stack.push(target);
    }
  }
  return { files: [...seen].map((path) => path.slice(repo.length + 1)), packages };
}

describe("the dashboard's first render", () => {
  it('evaluates no zod: the shell, the guard and the page load their schemas with their requests', async () => {
    const { files, packages } = await staticClosure(['main.tsx', ...(LANDING_ROUTES['/dashboard'] ?? [])]);
    expect(files).toContain('apps/web/src/app/routes/dashboard.tsx');
    expect(files).toContain('apps/web/src/features/session/api/get-session.ts');
    expect(packages).toContain('react');
    expect([...packages]).not.toContain('zod');
  });
});

/** The API modules of the dashboard's first reads (app/page-reads.ts; page-reads.test.ts holds the two lists together). */
const DASHBOARD_READ_MODULES = [
  'features/session/api/get-session.ts',
  'features/servicing/api/get-ongoing-loans.ts',
  'features/servicing/api/get-loan-history.ts',
  'features/notifications/api/get-notifications.ts',
  'features/banners/api/get-banners.ts',
  'features/benefits/api/get-benefits.ts',
];

describe("the dashboard's first reads' schemas", () => {
  it("are the modules the app's start preloads (LANDING_READ_MODULES, named in index.html), so none is asked for only after the render", async () => {
    const { readFileSync } = await import('node:fs');
    const { resolve } = await import('node:path');
    const imported = new Set<string>();
    for (const module of DASHBOARD_READ_MODULES) {
      const source = readFileSync(resolve(import.meta.dirname, '..', module), 'utf8');
      for (const match of source.matchAll(/import\('@payrail\/(\w+)\/([^']+)'\)/g)) imported.add(`packages/${match[1]}/src/${match[2]}.ts`);
    }
    expect(imported.size).toBeGreaterThan(0);
    expect(imported).toEqual(new Set(LANDING_READ_MODULES['/dashboard']));
  });

  it('bring no application, banking or document schemas with them', async () => {
    const roots = (LANDING_READ_MODULES['/dashboard'] ?? []).map((module) => `../../../${module}`);
    const { files, packages } = await staticClosure(roots);
    expect(packages).toContain('zod');
    for (const contract of ['application', 'banking', 'documents', 'identity']) expect(files).not.toContain(`packages/contract/src/${contract}.ts`);
  });
});
