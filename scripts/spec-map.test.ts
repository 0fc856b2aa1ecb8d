// docs/spec-map.md cannot rot silently: every spec section the code cites has a row, every section of the
// spec has a row, and every file the map names exists. The parser is scripts/spec-citations.mjs.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, SPEC_DOCS, citationsIn, codeCitations, mappedSections, specSections } from './spec-citations.mjs';

type Citation = { doc: string; section: number; line: number };
const cite = citationsIn as (text: string) => Citation[];
const mapped = mappedSections as (markdown: string) => Set<string>;

const MAP = readFileSync(join(ROOT, 'docs/spec-map.md'), 'utf8');
const SPEC_DIR = join(ROOT, '../shared/spec');

describe('the citation parser', () => {
  it('reads the document before the section sign, and keeps it over a list', () => {
    const found = cite(
      [
        '/** access §4: the stack */',
        '// classic flow §2 Documents, §7',
        '// new flow & dashboard spec §7 and §9',
        '// see newflow-and-dashboard.md §6',
        "it('refuses (new-flow §5)', () => {});",
        '// classic-application-flow.md §3/§4',
      ].join('\n'),
    ).map((c) => `${c.doc} §${c.section}@${c.line}`);
    expect(found).toEqual([
      'access §4@1',
      'classic §2@2',
      'classic §7@2',
      'newflow §7@3',
      'newflow §9@3',
      'newflow §6@4',
      'newflow §5@5',
      'classic §3@6',
      'classic §4@6',
    ]);
  });

  it('counts a bare "spec §N" as unqualified, and ignores issue, regulation and design citations', () => {
    const found = cite(
      ['/** spec §5: the rules */', '/** Issue #14 §10: orphans */', '// Regulation F §1006.6(b)', '// ARCHITECTURE §4', '// STYLE.md §10'].join('\n'),
    );
    expect(found).toEqual([{ doc: 'unqualified', section: 5, line: 1 }]);
  });

  it('reads the map: a row "| §N |" under a heading naming the document file', () => {
    const sections = mapped(
      ['## Classic (`classic-application-flow.md`)', '| Section | About |', '| §2 | screens |', '## Beyond', '| §3 | nothing |'].join('\n'),
    );
    expect([...sections]).toEqual(['classic §2']);
  });
});

describe('docs/spec-map.md', () => {
  const sections = mapped(MAP);

  it('maps every section the code cites', () => {
    const cited = (codeCitations as () => Map<string, Set<string>>)();
    expect(cited.size).toBeGreaterThan(10);
    const missing = [...cited.entries()]
      .filter(([key]) => !key.startsWith('unqualified') && !sections.has(key))
      .map(([key, files]) => `${key} (cited by ${[...files].slice(0, 3).join(', ')})`);
    expect(missing, 'add a row to docs/spec-map.md for each').toEqual([]);
  });

  it('a bare "spec §N" is a section that exists (1–9)', () => {
    const cited = (codeCitations as () => Map<string, Set<string>>)();
    const wrong = [...cited.entries()]
      .filter(([key]) => key.startsWith('unqualified') && !(Number(key.split('§')[1]) >= 1 && Number(key.split('§')[1]) <= 9))
      .map(([key, files]) => `${key} (${[...files].join(', ')})`);
    expect(wrong).toEqual([]);
  });

  it('has a row for every numbered section of each spec document', () => {
    for (const [doc, file] of Object.entries(SPEC_DOCS as Record<string, string>)) {
      const specFile = join(SPEC_DIR, file);
      // The spec lives beside the repository; without it, the nine sections every document has.
      const numbers = existsSync(specFile) ? (specSections as (md: string) => number[])(readFileSync(specFile, 'utf8')) : [1, 2, 3, 4, 5, 6, 7, 8, 9];
      expect(numbers.length, file).toBeGreaterThan(0);
      for (const n of numbers) expect(sections.has(`${doc} §${n}`), `${doc} §${n} has no row in docs/spec-map.md`).toBe(true);
    }
  });

  it('names only files that exist (and so does docs/adding-an-endpoint.md)', () => {
    const names = new Set<string>();
    const paths: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        if (name === 'node_modules' || name.startsWith('.') || name === 'dist') continue;
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else {
          names.add(name);
          paths.push(path.slice(ROOT.length));
        }
      }
    };
    for (const top of ['apps', 'packages', 'e2e', 'scripts']) walk(join(ROOT, top));
    const guide = readFileSync(join(ROOT, 'docs/adding-an-endpoint.md'), 'utf8');
    const namedIn = (md: string) => [...md.matchAll(/`([^`\s]+\.(?:ts|tsx|mjs|sql))`/g)].map((m) => m[1]!);
    expect(namedIn(MAP).length).toBeGreaterThan(50);
    expect(namedIn(guide).length).toBeGreaterThan(20);
    const named = [...namedIn(MAP), ...namedIn(guide)];
    const glob = (pattern: string) => new RegExp(`(^|/)${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
    const exists = (n: string) => (n.includes('/') || n.includes('*') ? paths.some((p) => glob(n).test(p)) : names.has(n));
    const absent = named.filter((n) => !exists(n));
    expect(absent, 'files named in docs/spec-map.md that do not exist').toEqual([]);
  });
});
