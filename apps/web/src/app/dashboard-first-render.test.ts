import { describe, expect, it } from 'vitest';
import { LANDING_ROUTES } from '../../build/route-preloads';

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
