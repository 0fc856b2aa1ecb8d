#!/usr/bin/env node
// `npm run build:server`: bundles the API server (apps/server/src/main.ts and the workspace packages it
// imports as TypeScript source) into one ES module, apps/server/dist/main.mjs, with esbuild. Production
// then runs plain `node` on it: no TypeScript compiler or loader at run time. npm packages stay external
// (native argon2, PGlite's wasm and the like load from node_modules as usual).
//
// Source files find their neighbours through `import.meta.dirname` (the migrations, the sandbox routing
// directory, the built SPAs); in the bundle each use is rewritten to that file's original directory,
// resolved from the bundle's own location, so the repository layout is all a deployment needs.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { readRecord, stepHash, writeRecord } from './build-cache.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'apps/server/dist');

const workspaces = ['apps/server', 'packages/domain', 'packages/contract'];
const external = new Set();
for (const ws of workspaces) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, ws, 'package.json'), 'utf8'));
  for (const name of Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies })) if (!name.startsWith('@payrail/')) external.add(name);
}

const dirnamePlugin = {
  name: 'original-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let contents = await fs.promises.readFile(args.path, 'utf8');
      if (contents.includes('import.meta.dirname')) {
        const rel = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
        contents = contents.replaceAll('import.meta.dirname', `__payrailDir(${JSON.stringify(rel)})`);
      }
      return { contents, loader: 'ts' };
    });
  },
};

// The inputs' hash, taken before building: recorded once the bundle is written (npm start and bench:api trust a recorded bundle).
const inputs = stepHash(root, 'build:server').hash;
fs.rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
const result = await build({
  entryPoints: [path.join(root, 'apps/server/src/main.ts')],
  outfile: path.join(outdir, 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  external: [...external].flatMap((name) => [name, `${name}/*`]),
  plugins: [dirnamePlugin],
  banner: {
    js: [
      "import { resolve as __payrailResolve } from 'node:path';",
      'const __payrailDir = (rel) => __payrailResolve(import.meta.dirname, rel);',
      'process.setSourceMapsEnabled(true);',
    ].join('\n'),
  },
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + (o.bytes ?? 0), 0);
console.log(`built apps/server/dist/main.mjs (${(bytes / 1024).toFixed(0)} kB with its map) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
writeRecord(root, { ...readRecord(root), 'build:server': inputs });
