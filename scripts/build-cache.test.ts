import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { outputsPresent, readRecord, stepHash, stepTargets, upToDate, writeRecord } from './build-cache.mjs';

type Hashed = { hash: string; dirs: string[]; targets: string[] };
const hashOf = (root: string, step: string) => (stepHash(root, step) as Hashed).hash;

let root: string;
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};
const pkg = (rel: string, body: Record<string, unknown>) => write(`${rel}/package.json`, JSON.stringify(body));

/** A small monorepo laid out like Payrail's: two SPAs, a server, shared packages. */
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-build-cache-'));
  pkg('.', {
    workspaces: ['packages/domain', 'packages/ui', 'apps/server', 'apps/web', 'apps/backoffice', 'apps/employer'],
    scripts: {
      build: 'npm run typecheck && npm run build:spa && npm run build:server',
      'build:spa': 'npm run -w @payrail/web build && npm run -w @payrail/backoffice build',
      'build:server': 'node scripts/build-server.mjs',
    },
  });
  write('package-lock.json', '{"lockfileVersion":3}');
  write('scripts/build-server.mjs', '// bundles the server');
  write('scripts/precompress.mjs', '// gzip');
  pkg('packages/domain', { name: '@payrail/domain' });
  write('packages/domain/src/index.ts', 'export const a = 1;');
  pkg('packages/ui', { name: '@payrail/ui', dependencies: { '@payrail/domain': '0.1.0' } });
  write('packages/ui/src/button.tsx', 'export const B = 1;');
  pkg('apps/server', { name: '@payrail/server', dependencies: { '@payrail/domain': '0.1.0' } });
  write('apps/server/src/main.ts', 'console.log(1);');
  pkg('apps/web', {
    name: '@payrail/web',
    dependencies: { '@payrail/ui': '0.1.0' },
    scripts: { build: 'vite build && node ../../scripts/precompress.mjs dist' },
  });
  write('apps/web/src/main.tsx', 'export {};');
  pkg('apps/backoffice', { name: '@payrail/backoffice', dependencies: { '@payrail/ui': '0.1.0' }, scripts: { build: 'vite build' } });
  write('apps/backoffice/src/main.tsx', 'export {};');
  pkg('apps/employer', { name: '@payrail/employer', scripts: { build: 'vite build' } });
  write('apps/employer/src/main.tsx', 'export {};');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm start: which build steps are up to date (scripts/build-cache.mjs)', () => {
  it('build:spa covers the workspaces its script builds and what they depend on; build:server its bundle', () => {
    const spa = stepHash(root, 'build:spa') as Hashed;
    expect(spa.targets.sort()).toEqual(['@payrail/backoffice', '@payrail/web']);
    expect(spa.dirs).toEqual(['apps/backoffice', 'apps/web', 'packages/domain', 'packages/ui']);
    expect((stepHash(root, 'build:server') as Hashed).dirs).toEqual(['apps/server', 'packages/domain']);
    expect(stepTargets(root, 'build:server').files).toEqual(['scripts/build-server.mjs']);
  });

  it('a third app added to build:spa is covered with no list to update', () => {
    const before = hashOf(root, 'build:spa');
    pkg('.', {
      ...JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')),
      scripts: { 'build:spa': 'npm run -w @payrail/web build && npm run -w @payrail/backoffice build && npm run -w @payrail/employer build' },
    });
    const after = stepHash(root, 'build:spa') as Hashed;
    expect(after.dirs).toContain('apps/employer');
    expect(after.hash).not.toBe(before);
    // …and from then on its sources count.
    write('apps/employer/src/main.tsx', 'export const changed = true;');
    expect(hashOf(root, 'build:spa')).not.toBe(after.hash);
  });

  it('changes when a source, a shared package, a script it runs or the lockfile changes; only the steps that use it', () => {
    const spa = hashOf(root, 'build:spa');
    const server = hashOf(root, 'build:server');
    write('apps/web/src/main.tsx', 'export const x = 2;');
    expect(hashOf(root, 'build:spa')).not.toBe(spa);
    expect(hashOf(root, 'build:server')).toBe(server);

    const spa2 = hashOf(root, 'build:spa');
    write('packages/domain/src/index.ts', 'export const a = 2;');
    expect(hashOf(root, 'build:spa')).not.toBe(spa2);
    expect(hashOf(root, 'build:server')).not.toBe(server);

    const spa3 = hashOf(root, 'build:spa');
    write('scripts/precompress.mjs', '// brotli too');
    expect(hashOf(root, 'build:spa')).not.toBe(spa3);

    const [spa4, server4] = [hashOf(root, 'build:spa'), hashOf(root, 'build:server')];
    write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    expect(hashOf(root, 'build:spa')).not.toBe(spa4);
    expect(hashOf(root, 'build:server')).not.toBe(server4);
  });

  it('ignores build outputs, dependencies and caches; a renamed file counts', () => {
    const spa = hashOf(root, 'build:spa');
    write('apps/web/dist/index.html', '<html>');
    write('apps/web/node_modules/x/index.js', '1');
    write('apps/web/.tsbuild/main.js', '1');
    write('apps/web/tsconfig.tsbuildinfo', '{}');
    expect(hashOf(root, 'build:spa')).toBe(spa);
    fs.renameSync(path.join(root, 'apps/web/src/main.tsx'), path.join(root, 'apps/web/src/entry.tsx'));
    expect(hashOf(root, 'build:spa')).not.toBe(spa);
  });

  it('up to date only with the recorded hash AND the outputs present', () => {
    const hash = hashOf(root, 'build:spa');
    expect(readRecord(root)).toEqual({});
    expect(upToDate(root, 'build:spa', hash)).toBe(false);
    writeRecord(root, { 'build:spa': hash });
    expect(outputsPresent(root, 'build:spa')).toBe(false);
    expect(upToDate(root, 'build:spa', hash)).toBe(false); // never built here: no dist
    write('apps/web/dist/index.html', '<html>');
    write('apps/backoffice/dist/index.html', '<html>');
    expect(upToDate(root, 'build:spa', hash)).toBe(true);
    write('apps/backoffice/src/main.tsx', 'export const y = 1;');
    expect(upToDate(root, 'build:spa', hashOf(root, 'build:spa'))).toBe(false);
  });
});
