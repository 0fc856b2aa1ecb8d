// Issue #34: every form is built on the kit in packages/ui (`Form`, or `ValidatedForm` on the public pages). A
// `<form` element written anywhere else in the apps fails here unless the file is in the allow-list below, which
// only shrinks: each entry is a form still to convert, with who converts it. The list must be exactly the tree's
// state: a file converted (fewer forms than listed) fails too, until its entry is taken out.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const ALLOW_LIST = join(ROOT, 'scripts/hand-rolled-forms.allow.txt');

/** Source files of the apps (not tests, not build output). */
function sources(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') found.push(...sources(path));
    } else if (/\.(tsx|ts|jsx|js)$/.test(entry.name) && !/\.(test|spec)\.[jt]sx?$/.test(entry.name)) {
      found.push(path);
    }
  }
  return found;
}

/** `<form` elements per file (a JSX element or an HTML string; not `<formset`, not `FormData`). */
function countForms(text: string): number {
  return text.match(/<form(?=[\s>/])/g)?.length ?? 0;
}

/** `path count  # reason` lines; blank lines and `#` lines are comments. */
function parseAllowList(text: string): Map<string, { count: number; reason: string }> {
  const entries = new Map<string, { count: number; reason: string }>();
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(\S+)\s+(\d+)\s+#\s*(\S.*)$/.exec(line);
    if (!match) throw new Error(`hand-rolled-forms.allow.txt line ${index + 1}: expected "path count  # reason", got "${line}"`);
    entries.set(match[1]!, { count: Number(match[2]), reason: match[3]! });
  }
  return entries;
}

function handRolledForms(): Map<string, number> {
  const apps = join(ROOT, 'apps');
  const counts = new Map<string, number>();
  for (const app of readdirSync(apps, { withFileTypes: true })) {
    if (!app.isDirectory()) continue;
    let files: string[];
    try {
      files = sources(join(apps, app.name, 'src'));
    } catch {
      continue;
    }
    for (const file of files) {
      const count = countForms(readFileSync(file, 'utf8'));
      if (count > 0) counts.set(relative(ROOT, file), count);
    }
  }
  return counts;
}

describe('the form counter', () => {
  it('counts form elements, not words that start with form', () => {
    expect(countForms('<form noValidate onSubmit={x}>\n<form>\n<form\n  id="a">')).toBe(3);
    expect(countForms('<Form schema={s}> <formset> const form = useForm(); <FormErrorSummary />')).toBe(0);
  });

  it('reads the allow-list and refuses a line without its reason', () => {
    expect(parseAllowList('# comment\n\napps/web/src/a.tsx 2  # to convert (d2)\n')).toEqual(
      new Map([['apps/web/src/a.tsx', { count: 2, reason: 'to convert (d2)' }]]),
    );
    expect(() => parseAllowList('apps/web/src/a.tsx 2\n')).toThrow(/expected/);
  });
});

describe('hand-rolled forms in the apps', () => {
  const found = handRolledForms();
  const allowed = parseAllowList(readFileSync(ALLOW_LIST, 'utf8'));

  it('has no <form> outside packages/ui that is not on the allow-list (use Form from @payrail/ui/form)', () => {
    const unlisted = [...found].filter(([file, count]) => count > (allowed.get(file)?.count ?? 0)).map(([file, count]) => `${file} (${count})`);
    expect(unlisted, 'new hand-rolled forms: build them on Form (@payrail/ui/form) or ValidatedForm').toEqual([]);
  });

  it('lists only forms that are still there (take a converted file off the list)', () => {
    const stale = [...allowed]
      .filter(([file, { count }]) => (found.get(file) ?? 0) < count)
      .map(([file, { count }]) => `${file} (${count} listed, ${found.get(file) ?? 0} found)`);
    expect(stale, 'update scripts/hand-rolled-forms.allow.txt').toEqual([]);
  });
});
