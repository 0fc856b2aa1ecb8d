// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

/**
 * Boundary rules of STYLE.md, checked on resolved relative paths and package names:
 * - packages/domain imports nothing above it; packages/contract imports only domain; packages/client
 *   (HTTP, stores, formatting) adds contract; packages/ui (design system) adds client;
 * - an app imports packages and itself, never another app (the back office never reaches into apps/web);
 * - a feature folder (apps/<spa>/src/features/<name>) never imports another feature.
 */
const layers = /** @type {const} */ ({
  'packages/domain': ['packages/domain'],
  'packages/contract': ['packages/domain', 'packages/contract'],
  'packages/client': ['packages/domain', 'packages/contract', 'packages/client'],
  'packages/ui': ['packages/domain', 'packages/contract', 'packages/client', 'packages/ui'],
  'apps/web': ['packages', 'apps/web'],
  'apps/backoffice': ['packages', 'apps/backoffice'],
  'apps/employer': ['packages', 'apps/employer'],
  'apps/server': ['packages', 'apps/server'],
});
const PACKAGES = /^@payrail\/(domain|contract|client|ui)(\/|$)/;

/**
 * The server's module floors (issue #28; docs/architecture.md "Module floors"), lowest first. A module may
 * import modules on its own floor listed before it and any module on a lower floor; anything else is an
 * upward import, refused unless it is on `scripts/module-floors.allow.txt` (the upward imports that existed
 * when the rule came, each to be cut at its wrong end; the list only shrinks and must match the tree). With
 * no upward import left the module graph has no cycle.
 */
export const MODULE_FLOORS = /** @type {const} */ ([
  ['platform', 'staff', 'messages'],
  ['identity', 'reference', 'address', 'documents', 'engagement'],
  ['workflow'],
  ['application', 'employment', 'loan-terms', 'esignature', 'banking', 'profile', 'wallet', 'newflow'],
  ['review'],
  ['loan-book', 'statements', 'collections', 'credit-reporting', 'portfolio', 'ach-transmission'],
  ['borrower-tools', 'employer-portal', 'referral', 'refinance', 'care', 'hardship'],
  ['backoffice'],
]);
const MODULE_RANK = new Map(MODULE_FLOORS.flat().map((m, i) => [m, i]));
const FLOOR_OF = new Map(MODULE_FLOORS.flatMap((floor, i) => floor.map((m) => [m, i])));
/** "from -> to" pairs still allowed to import upward (scripts/module-floors.allow.txt). */
export const UPWARD_ALLOWED = new Set(
  fs
    .readFileSync(new URL('./scripts/module-floors.allow.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean),
);
/**
 * File formats live behind their port (issue #28; docs/architecture.md "File formats"): a server module
 * imports `adapters/ach/port` or `adapters/file-formats/port` (types), never the NACHA records, the spool,
 * the transmitters or the CSV layouts behind them; it is given the implementation (`ctx.providers`).
 */
const FORMAT_INTERNALS = /^apps\/server\/src\/adapters\/(ach|file-formats)\/(?!port(\.ts)?$)/;
const serverModuleOf = (/** @type {string} */ p) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(p)?.[1];
/**
 * What stands below every server module (issue #28, docs/architecture.md "Module floors"): `lib/` and `db/`
 * never import a module; only the demo seeds (`db/seed*.ts`), which compose modules as main.ts does, may.
 */
const BELOW_MODULES = /^apps\/server\/src\/(lib\/|db\/(?!seed[^/]*\.ts$))/;

/**
 * Which module owns each repository on the context (`ctx.repos.<key>`), read from apps/server/src/context.ts:
 * the module folder its factory is imported from. A module reads and writes its own repositories; another
 * module's data comes through that module's exported functions (issue #28). The pairs that still reach into
 * another module's repository are listed in `scripts/repo-access.allow.txt` (only shrinks, matches the tree:
 * scripts/repo-access.test.ts); rule `payrail/own-repos` refuses any other.
 */
export const REPO_OWNERS = (() => {
  const source = fs.readFileSync(new URL('./apps/server/src/context.ts', import.meta.url), 'utf8');
  const moduleOfFactory = new Map([...source.matchAll(/import \{ (\w+) \} from '\.\/modules\/([\w-]+)\//g)].map((m) => [m[1], m[2]]));
  return new Map(
    [...source.matchAll(/^\s+(\w+): (\w+)\(database\.db/gm)].flatMap((m) => {
      const owner = moduleOfFactory.get(m[2]);
      return owner ? [[m[1], owner]] : [];
    }),
  );
})();
/** "from -> owner" pairs still allowed to use another module's repository (scripts/repo-access.allow.txt). */
export const REPO_ACCESS_ALLOWED = new Set(
  fs
    .readFileSync(new URL('./scripts/repo-access.allow.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean),
);

/** @type {import('eslint').Rule.RuleModule} */
const ownRepos = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      foreign:
        'server module "{{from}}" must not use the repository "{{key}}" of module "{{owner}}": call that module\'s exported functions (docs/architecture.md "Module floors")',
    },
  },
  create(context) {
    const file = path.relative(process.cwd(), context.filename).split(path.sep).join('/');
    const from = serverModuleOf(file);
    if (!from) return {};
    /** @param {import('estree').Node} node @param {string} key */
    const check = (node, key) => {
      const owner = REPO_OWNERS.get(key);
      if (owner && owner !== from && !REPO_ACCESS_ALLOWED.has(`${from} -> ${owner}`))
        context.report({ node, messageId: 'foreign', data: { from, key, owner } });
    };
    /** `….repos` */
    const isRepos = (/** @type {import('estree').Node} */ node) =>
      node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && node.property.name === 'repos';
    return {
      MemberExpression(node) {
        if (isRepos(node.object) && !node.computed && node.property.type === 'Identifier') check(node, node.property.name);
      },
      VariableDeclarator(node) {
        if (node.id.type !== 'ObjectPattern' || !node.init || !isRepos(node.init)) return;
        for (const property of node.id.properties) if (property.type === 'Property' && property.key.type === 'Identifier') check(property, property.key.name);
      },
    };
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const boundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      layer: '{{from}} must not import {{to}}',
      feature: 'feature "{{from}}" must not import feature "{{to}}"; compose them in app/',
      floor:
        'server module "{{from}}" (floor {{fromFloor}}) must not import "{{to}}" (floor {{toFloor}}): an upward import (docs/architecture.md "Module floors")',
      unranked: 'server module "{{module}}" has no floor: add it to MODULE_FLOORS in eslint.config.js',
      below: '{{from}} stands below the server modules and must not import module "{{to}}" (docs/architecture.md "Module floors")',
      format: 'server modules reach a file format through its port only, not {{to}} (docs/architecture.md "File formats")',
    },
  },
  create(context) {
    const file = path.relative(process.cwd(), context.filename).split(path.sep).join('/');
    const featureOf = (/** @type {string} */ p) => /^apps\/[^/]+\/src\/features\/([^/]+)\//.exec(p)?.[1];
    /** @param {import('estree').Node} node @param {unknown} source */
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const spec = source;
      let target;
      if (spec.startsWith('.')) target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      else if (spec.startsWith('@payrail/')) target = spec.replace('@payrail/', PACKAGES.test(spec) ? 'packages/' : 'apps/');
      // Path aliases into another app (the old @web-ui/…, @web-lib/… of the back office) count as that app.
      else if (/^@web-[a-z]+\//.test(spec)) target = `apps/web/${spec}`;
      else return;
      for (const [layer, allowed] of Object.entries(layers)) {
        if (file.startsWith(layer + '/') && !allowed.some((a) => target.startsWith(a + '/') || target === a)) {
          context.report({ node, messageId: 'layer', data: { from: layer, to: spec } });
        }
      }
      if (file.startsWith('apps/server/src/modules/') && FORMAT_INTERNALS.test(target)) context.report({ node, messageId: 'format', data: { to: spec } });
      const from = featureOf(file);
      const to = featureOf(target + '/');
      if (from && to && from !== to) context.report({ node, messageId: 'feature', data: { from, to } });
      const fromModule = serverModuleOf(file);
      const toModule = serverModuleOf(target + '/');
      if (toModule && BELOW_MODULES.test(file)) context.report({ node, messageId: 'below', data: { from: file, to: toModule } });
      if (fromModule && toModule && fromModule !== toModule) {
        for (const m of [fromModule, toModule]) if (!MODULE_RANK.has(m)) context.report({ node, messageId: 'unranked', data: { module: m } });
        const fromRank = MODULE_RANK.get(fromModule);
        const toRank = MODULE_RANK.get(toModule);
        if (fromRank !== undefined && toRank !== undefined && toRank > fromRank && !UPWARD_ALLOWED.has(`${fromModule} -> ${toModule}`)) {
          context.report({
            node,
            messageId: 'floor',
            data: { from: fromModule, to: toModule, fromFloor: String(FLOOR_OF.get(fromModule)), toFloor: String(FLOOR_OF.get(toModule)) },
          });
        }
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.prerender/**',
      '**/.tsbuild/**',
      'data/**',
      '**/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      '.e2e-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { payrail: { rules: { boundaries, 'own-repos': ownRepos } } },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'payrail/boundaries': 'error',
      'payrail/own-repos': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', 'zod'],
              message: 'packages/domain is pure: no framework, database or I/O.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'domain does no I/O' }],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'domain never reads the clock: take the date as an argument' },
        { object: 'process', property: 'env', message: 'domain never reads the environment' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'domain never reads the clock: take the date as an argument' },
      ],
    },
  },
  {
    files: ['packages/domain/src/cli/**/*.ts', 'packages/domain/bench/**/*.ts'],
    rules: { 'no-restricted-properties': 'off', 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**', 'apps/server/src/**/repository.ts', 'apps/server/src/**/repositories/**', 'apps/server/src/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only repositories (and db/) touch Drizzle.' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/backoffice/**/*.{ts,tsx}', 'apps/employer/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}', 'packages/client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Formatting is Prettier's (`npx prettier --check .` in npm test): no lint rule argues with it.
  prettier,
);
