import { describe, expect, it } from 'vitest';

/*
 * The layout primitives (surface, layout, text, choice, summary-list, progress) are composed by the features'
 * CSS modules. A composed sheet is copied into every composer's stylesheet, so a copy loaded later (another route's
 * chunk) can follow a feature's own rule: a rule that composes a primitive must not set again a property the
 * primitive sets (a feature that needs to does it with a doubled class, `.x.x`, which outranks it by specificity).
 */

type Rule = { selector: string; media: string; decls: [string, string][] };

/** The rules of a flat CSS sheet (rules at the top level or in one at-rule), comments removed. */
export function parseSheet(css: string): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: Rule[] = [];
  const walk = (body: string, media: string) => {
    let i = 0;
    while (i < body.length) {
      const open = body.indexOf('{', i);
      if (open < 0) break;
      const head = body.slice(i, open).trim();
      let depth = 1;
      let j = open + 1;
      while (j < body.length && depth > 0) {
        if (body[j] === '{') depth++;
        else if (body[j] === '}') depth--;
        j++;
      }
      const inner = body.slice(open + 1, j - 1);
      if (head.startsWith('@')) walk(inner, head);
      else {
        const decls = inner
          .split(';')
          .map((d) => d.trim())
          .filter(Boolean)
          .map((d): [string, string] => [d.slice(0, d.indexOf(':')).trim(), d.slice(d.indexOf(':') + 1).trim()]);
        rules.push({ selector: head.replace(/\s+/g, ' '), media, decls });
      }
      i = j;
    }
  };
  walk(text, '');
  return rules;
}

const SHORTHANDS: [string, RegExp][] = [
  ['border-radius', /^border(-[a-z]+)*-radius$/],
  ['border', /^border(-|$)/],
  ['padding', /^padding(-|$)/],
  ['margin', /^margin(-|$)/],
  ['background', /^background(-|$)/],
  ['font', /^font(-|$)/],
  ['gap', /^(gap|row-gap|column-gap)$/],
  ['flex-flow', /^flex-(flow|direction|wrap)$/],
  ['flex', /^flex(-grow|-shrink|-basis)?$/],
  ['outline', /^outline(-|$)/],
  ['overflow', /^overflow(-|$)/],
  ['list-style', /^list-style(-|$)/],
];
const family = (prop: string) => SHORTHANDS.find(([, re]) => re.test(prop))?.[0] ?? prop;

/** Where a composes names its sheet: a path in the same folder tree, or this package's styles. */
function resolveSheet(from: string, spec: string): string {
  const pkg = spec.match(/^@payrail\/ui\/styles\/(.+)$/);
  if (pkg) return `/packages/ui/src/styles/${pkg[1]}`;
  const parts = from.split('/').slice(0, -1);
  for (const seg of spec.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

/** Each rule that composes a class and sets again a property that class (or what it composes) sets. */
export function composedResets(sheets: Record<string, string>): string[] {
  const parsed = Object.fromEntries(Object.entries(sheets).map(([path, css]) => [path, parseSheet(css)]));
  const problems: string[] = [];
  /** The properties a class sets in its own single-class rules, with those of the classes it composes: each with the sheet that sets it. */
  const propsOf = (path: string, cls: string, seen = new Set<string>()): Map<string, string> => {
    const key = `${path}#${cls}`;
    const props = new Map<string, string>();
    if (seen.has(key)) return props;
    seen.add(key);
    const rules = parsed[path];
    if (!rules) {
      problems.push(`${path}: no such sheet (composed as ${cls})`);
      return props;
    }
    const own = rules.filter((r) => r.selector === `.${cls}`);
    if (own.length === 0 && !rules.some((r) => new RegExp(`\\.${cls}(?![\\w-])`).test(r.selector))) problems.push(`${path}: no class .${cls}`);
    for (const rule of own)
      for (const [prop, value] of rule.decls) {
        if (prop !== 'composes') props.set(family(prop), path);
        else
          for (const [names, target] of composes(path, value))
            for (const name of names) for (const [p, from] of propsOf(target, name, seen)) props.set(p, from);
      }
    return props;
  };
  const composes = (path: string, value: string): [string[], string][] => {
    const [, names, from] = value.match(/^(.+?)(?:\s+from\s+['"](.+)['"])?$/) ?? [];
    if (!names) return [];
    return [[names.trim().split(/\s+/), from ? resolveSheet(path, from) : path]];
  };
  for (const [path, rules] of Object.entries(parsed)) {
    for (const rule of rules) {
      const cls = rule.selector.match(/^\.([\w-]+)$/)?.[1];
      if (!cls || !rule.decls.some(([p]) => p === 'composes')) continue;
      // What comes from another sheet (a copy of which can load later); a class composed from its own sheet keeps its order.
      const inherited = new Set<string>();
      for (const [prop, value] of rule.decls)
        if (prop === 'composes')
          for (const [names, target] of composes(path, value))
            for (const name of names) for (const [p, from] of propsOf(target, name)) if (from !== path) inherited.add(p);
      // The class's own rules anywhere in its sheet (a media query too) must leave the composed properties alone.
      for (const own of rules.filter((r) => r.selector === `.${cls}`))
        for (const [prop] of own.decls)
          if (prop !== 'composes' && inherited.has(family(prop))) problems.push(`${path}: .${cls}${own.media ? ` (${own.media})` : ''} sets ${prop} again`);
    }
  }
  return [...new Set(problems)];
}

describe('composed layout primitives', () => {
  it('the check finds a property set again, a missing class and a missing sheet, and lets a doubled class through', () => {
    const sheets = {
      '/packages/ui/src/styles/surface.module.css': '.raised { border: 1px solid; } .box { composes: raised; padding: 1rem; }',
      '/apps/web/src/a.module.css': [
        ".card { composes: box from '@payrail/ui/styles/surface.module.css'; margin-top: 1rem; }",
        '.card.card { padding: 0; }',
        '@media (max-width: 10px) { .card { padding-block: 0; } }',
        ".message { composes: raised from '@payrail/ui/styles/surface.module.css'; border-left: 4px solid; }",
        '.loud { composes: card; margin-top: 2rem; border-color: red; }',
        '.quiet { composes: loud; }',
        ".lost { composes: nothing from '@payrail/ui/styles/surface.module.css'; }",
        ".gone { composes: box from '@payrail/ui/styles/missing.module.css'; }",
      ].join('\n'),
    };
    expect(composedResets(sheets)).toEqual([
      '/apps/web/src/a.module.css: .card (@media (max-width: 10px)) sets padding-block again',
      '/apps/web/src/a.module.css: .message sets border-left again',
      '/apps/web/src/a.module.css: .loud sets border-color again',
      '/packages/ui/src/styles/surface.module.css: no class .nothing',
      '/packages/ui/src/styles/missing.module.css: no such sheet (composed as box)',
    ]);
  });

  it('no feature sets again a property of the primitive it composes', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join, relative, resolve } = await import('node:path');
    const root = resolve(import.meta.dirname, '../../../..');
    const sheets: Record<string, string> = {};
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.module.css')) sheets[`/${relative(root, path)}`] = readFileSync(path, 'utf8');
      }
    };
    for (const dir of ['packages/ui/src', 'apps/web/src', 'apps/backoffice/src', 'apps/employer/src']) walk(join(root, dir));
    expect(Object.keys(sheets).filter((path) => path.startsWith('/apps/web/src/features/')).length).toBeGreaterThan(20);
    expect(composedResets(sheets)).toEqual([]);
  });
});
