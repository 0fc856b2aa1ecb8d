#!/usr/bin/env node
// Writes brotli (.br, quality 11) and gzip (.gz, level 9) siblings for every compressible file of a
// built SPA, once at build time, so the server sends them as they are (@fastify/static `preCompressed`)
// instead of compressing on every request. Usage: node scripts/precompress.mjs <dist dir> [...]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/; // not .map: only developers fetch those
const MIN_BYTES = 1024; // smaller files gain nothing worth a second request path

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

for (const dist of process.argv.slice(2)) {
  let raw = 0;
  let br = 0;
  let gz = 0;
  for (const file of files(dist)) {
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const brotli = zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gzip = zlib.gzipSync(body, { level: 9 });
    fs.writeFileSync(`${file}.br`, brotli);
    fs.writeFileSync(`${file}.gz`, gzip);
    if (!file.endsWith('.map')) {
      raw += body.length;
      br += brotli.length;
      gz += gzip.length;
    }
  }
  const kb = (n) => `${(n / 1024).toFixed(0)} kB`;
  console.log(`precompressed ${dist}: ${kb(raw)} → brotli ${kb(br)}, gzip ${kb(gz)} (source maps excluded from the totals)`);
}
