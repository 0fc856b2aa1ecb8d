// docs/README.md is the index of the reference pages: every page in docs/ has its line there, and every
// page the index names exists.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DOCS = fileURLToPath(new URL('../docs/', import.meta.url));
const index = readFileSync(join(DOCS, 'README.md'), 'utf8');
const pages = readdirSync(DOCS).filter((name) => name.endsWith('.md') && name !== 'README.md');
/** The pages the index names: a backticked or linked `name.md` with no folder. */
const named = new Set([...index.matchAll(/`([a-z0-9-]+\.md)`|\]\(([a-z0-9-]+\.md)\)/g)].map((m) => m[1] ?? m[2]!));

describe('docs/README.md', () => {
  it('names every page in docs/', () => {
    expect(pages.length).toBeGreaterThan(10);
    expect(
      pages.filter((p) => !named.has(p)),
      'add a line to docs/README.md',
    ).toEqual([]);
  });

  it('names only pages that exist', () => {
    expect([...named].filter((p) => !pages.includes(p) && p !== 'README.md')).toEqual([]);
  });

  it('starts with the reading order', () => {
    const order = ['architecture.md', 'servicing.md', 'workflow.md', 'adding-an-endpoint.md', 'testing.md', 'operations.md'];
    const section = index.slice(index.indexOf('## Reading order'), index.indexOf('\n## ', index.indexOf('## Reading order') + 1));
    const positions = order.map((p) => section.indexOf(`\`${p}\``));
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});
