// Which spec sections the code cites, and which sections docs/spec-map.md maps.
//
//   node scripts/spec-citations.mjs            every cited section, with the files citing it
//   node scripts/spec-citations.mjs --missing  cited sections the map lacks (what scripts/spec-map.test.ts fails on)
//
// A citation names its spec document before the section sign: "access §4", "classic §2", "classic flow §5",
// "newflow §3", "new flow §9", "new-flow §5", or the file name ("classic-application-flow.md §2"); a list after
// it keeps the document ("classic §2, §5 and §7"). A bare "spec §5" names no document: it is counted under
// "unqualified" and must only be a section that exists (1–9). Issue, regulation and design citations
// ("Issue #14 §10", "§1006.6", "ARCHITECTURE §4", "STYLE.md §10") are not spec citations.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The three spec documents, by the key the map and this script use. */
export const SPEC_DOCS = {
  access: 'access-session-shell.md',
  classic: 'classic-application-flow.md',
  newflow: 'newflow-and-dashboard.md',
};

const SOURCE_DIRS = ['apps', 'packages', 'e2e'];
const SKIP_DIRS = new Set(['node_modules', '.tsbuild', 'dist', 'build-output', 'test-results', 'coverage']);
const SOURCE_FILE = /\.(ts|tsx|mjs)$/;

const QUALIFIERS = [
  ['access', String.raw`access(?:-session-shell(?:\.md)?)?(?:,? session and shell)?(?: spec)?`],
  ['classic', String.raw`classic(?:-application-flow(?:\.md)?)?(?: application)?(?: flow)?(?: spec)?`],
  ['newflow', String.raw`(?:newflow(?:-and-dashboard(?:\.md)?)?|new[ -]flow)(?: (?:&|and) dashboard)?(?: spec)?`],
];
// A list after the first section, each item optionally after a capitalised sub-section name ("§2 Documents, §7").
const LIST_TAIL = String.raw`(?:(?:\s+[A-Z][A-Za-z-]*)*\s*(?:,|/|and|or|–|-)\s*§\s?\d+)*`;
const QUALIFIED = new RegExp(`\\b(${QUALIFIERS.map(([, re]) => `(?:${re})`).join('|')})\\s+§\\s?(\\d+)(${LIST_TAIL})`, 'gi');
const BARE_SPEC = /\bspec(?:ification)?(?:'s)?\s+§\s?(\d+)/gi;

function docOf(qualifier) {
  const q = qualifier.toLowerCase();
  for (const [key, re] of QUALIFIERS) if (new RegExp(`^(?:${re})$`, 'i').test(q)) return key;
  throw new Error(`unknown qualifier ${qualifier}`);
}

/** The citations in one text: [{ doc: 'access' | 'classic' | 'newflow' | 'unqualified', section: number, line }]. */
export function citationsIn(text) {
  const out = [];
  const lines = text.split('\n');
  lines.forEach((lineText, i) => {
    const taken = [];
    for (const m of lineText.matchAll(QUALIFIED)) {
      const doc = docOf(m[1]);
      const sections = [Number(m[2]), ...[...m[3].matchAll(/§\s?(\d+)/g)].map((t) => Number(t[1]))];
      for (const section of sections) out.push({ doc, section, line: i + 1 });
      taken.push([m.index, m.index + m[0].length]);
    }
    for (const m of lineText.matchAll(BARE_SPEC)) {
      if (taken.some(([a, b]) => m.index >= a && m.index < b)) continue;
      out.push({ doc: 'unqualified', section: Number(m[1]), line: i + 1 });
    }
  });
  return out;
}

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (SOURCE_FILE.test(name)) yield path;
  }
}

/** Every citation in the code: Map<"doc §N", Set<relative file>>. */
export function codeCitations(root = ROOT) {
  const cited = new Map();
  for (const top of SOURCE_DIRS)
    for (const file of sourceFiles(join(root, top)))
      for (const c of citationsIn(readFileSync(file, 'utf8'))) {
        const key = `${c.doc} §${c.section}`;
        if (!cited.has(key)) cited.set(key, new Set());
        cited.get(key).add(`${relative(root, file)}:${c.line}`);
      }
  return cited;
}

/**
 * The sections docs/spec-map.md maps: Set<"doc §N">. A document's table follows a heading that names its
 * file (e.g. "## Classic flow (`classic-application-flow.md`)"); a row maps a section when its first cell
 * is "§N".
 */
export function mappedSections(markdown) {
  const mapped = new Set();
  let doc = null;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ')) {
      doc = Object.entries(SPEC_DOCS).find(([, file]) => line.includes(file))?.[0] ?? null;
      continue;
    }
    const row = /^\|\s*§(\d+)\s*\|/.exec(line);
    if (doc && row) mapped.add(`${doc} §${row[1]}`);
  }
  return mapped;
}

/** The numbered sections ("## N. Title") of one spec document's text. */
export function specSections(markdown) {
  return [...markdown.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cited = codeCitations();
  const mapped = mappedSections(readFileSync(join(ROOT, 'docs/spec-map.md'), 'utf8'));
  const missingOnly = process.argv.includes('--missing');
  for (const key of [...cited.keys()].sort()) {
    const known = key.startsWith('unqualified') || mapped.has(key);
    if (missingOnly && known) continue;
    const files = [...cited.get(key)];
    console.log(`${key}${known ? '' : '  (NOT IN docs/spec-map.md)'}: ${files.length} citation(s)`);
    if (!missingOnly) for (const f of files) console.log(`  ${f}`);
  }
}
