// The lint rules that keep the layers apart are code too: each is shown to fire on a sample file.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint rules', () => {
  it('the domain never reads the clock with new Date() or Date.now()', async () => {
    const file = 'packages/domain/src/loan/sample.ts';
    expect(await messages(file, 'export const today = new Date();\n')).toEqual([
      'no-restricted-syntax: domain never reads the clock: take the date as an argument',
    ]);
    expect(await messages(file, 'export const now = Date.now();\n')).toEqual([
      "no-restricted-properties: 'Date.now' is restricted from being used. domain never reads the clock: take the date as an argument",
    ]);
    // Building a date from a value it was given is fine.
    expect(await messages(file, 'export const at = (iso: string) => new Date(iso);\n')).toEqual([]);
  });

  it('the domain imports no framework or database', async () => {
    const found = await messages('packages/domain/src/loan/sample.ts', "import { z } from 'zod';\nexport const s = z.string();\n");
    expect(found.some((m) => m.startsWith('no-restricted-imports:'))).toBe(true);
  });

  it('a feature never imports another feature', async () => {
    const found = await messages(
      'apps/web/src/features/profile/components/sample.ts',
      "import { x } from '../../notifications/api/get-notifications';\nexport const y = x;\n",
    );
    expect(found).toContain('payrail/boundaries: feature "profile" must not import feature "notifications"; compose them in app/');
  });

  it('the back office never imports the borrower app (only the shared packages)', async () => {
    const file = 'apps/backoffice/src/features/servicing/components/sample.ts';
    expect(await messages(file, "import { formatUsd } from '../../../../../web/src/lib/format';\nexport const f = formatUsd;\n")).toContain(
      'payrail/boundaries: apps/backoffice must not import ../../../../../web/src/lib/format',
    );
    expect(await messages(file, "import { Button } from '@web-ui/button';\nexport const b = Button;\n")).toContain(
      'payrail/boundaries: apps/backoffice must not import @web-ui/button',
    );
    expect(await messages(file, "import { Button } from '@payrail/web/src/components/button';\nexport const b = Button;\n")).toContain(
      'payrail/boundaries: apps/backoffice must not import @payrail/web/src/components/button',
    );
    expect(await messages(file, "import { Button } from '@payrail/ui/button';\nexport const b = Button;\n")).toEqual([]);
  });

  it('the shared packages stay below the apps: ui may use client, client may not use ui', async () => {
    expect(await messages('packages/client/src/sample.ts', "import { Button } from '@payrail/ui/button';\nexport const b = Button;\n")).toContain(
      'payrail/boundaries: packages/client must not import @payrail/ui/button',
    );
    expect(await messages('packages/ui/src/sample.ts', "import { x } from '../../../apps/web/src/lib/session-store';\nexport const y = x;\n")).toContain(
      'payrail/boundaries: packages/ui must not import ../../../apps/web/src/lib/session-store',
    );
  });

  it('only repositories touch Drizzle', async () => {
    const found = await messages('apps/server/src/modules/servicing/use-cases/sample.ts', "import { eq } from 'drizzle-orm';\nexport const f = eq;\n");
    expect(found.some((m) => m.startsWith('no-restricted-imports:'))).toBe(true);
    expect(
      await messages('apps/server/src/modules/servicing/repository-sample/repository.ts', "import { eq } from 'drizzle-orm';\nexport const f = eq;\n"),
    ).toEqual([]);
  });

  it('server modules reach the file formats (NACHA, payroll CSV) through their port only', async () => {
    const file = 'apps/server/src/modules/loan-book/use-cases/sample.ts';
    for (const spec of [
      '../../../adapters/ach/nacha',
      '../../../adapters/ach/nacha-returns',
      '../../../adapters/ach/nacha-spool',
      '../../../adapters/file-formats/payroll-csv',
    ])
      expect(await messages(file, `import { x } from '${spec}';\nexport const y = x;\n`)).toContain(
        `payrail/boundaries: server modules reach a file format through its port only, not ${spec} (docs/architecture.md "File formats")`,
      );
    expect(await messages(file, "import type { AchReturnRecord } from '../../../adapters/ach/port';\nexport type R = AchReturnRecord;\n")).toEqual([]);
    expect(await messages(file, "import type { PayrollFiles } from '../../../adapters/file-formats/port';\nexport type P = PayrollFiles;\n")).toEqual([]);
    // The wiring outside the modules builds the implementations.
    expect(
      await messages('apps/server/src/jobs/sample.ts', "import { nachaSpool } from '../adapters/ach/nacha-spool';\nexport const s = nachaSpool;\n"),
    ).toEqual([]);
  });
});
