import { expectAccessible } from '../support/axe';
import { expect as baseExpect, test } from '../support/access';
import { staffSignIn } from '../support/servicing';
import { staffToken } from '../support/staff';

/**
 * Issue #30 "Jobs": an admin opens the Jobs page from the nav and sees the driver and every queue the
 * server defines with its counts; a queue's failed list opens (each failed job with its error and a Retry,
 * or the empty line when none failed); axe finds nothing. A servicer has neither the link nor the API.
 * (A failed job of its own is not made here: no journey route makes one; the API tests cover retry.)
 */

const expect = baseExpect.configure({ timeout: 20_000 });

type Queues = { driver: string; queues: { name: string; failed: number }[] };

test('an admin reads the job queues and a queue’s failed jobs; accessible; not for servicers', async ({ page, request }) => {
  const token = await staffToken(request);
  const res = await request.get('/api/backoffice/jobs', { headers: { authorization: token } });
  expect(res.status()).toBe(200);
  const api = (await res.json()) as Queues;
  expect(api.queues.length).toBeGreaterThan(0);

  await staffSignIn(page, 'admin@payrail.test');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Jobs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await expect(page.getByText(`Driver: ${api.driver} (`)).toBeVisible();
  const table = page.getByRole('table', { name: 'Job queues' });
  for (const q of api.queues) await expect(table.getByRole('row').filter({ hasText: q.name })).toHaveCount(1);

  // A queue's failed list: its failed jobs with a Retry each, or the line that says there are none.
  const queue = api.queues.find((q) => q.failed > 0) ?? api.queues[0]!;
  const open = table.getByRole('button', { name: `Failed jobs of ${queue.name}` });
  await open.click();
  await expect(open).toHaveAttribute('aria-pressed', 'true');
  const section = page.getByRole('region', { name: `Failed jobs: ${queue.name}` });
  if (queue.failed > 0) await expect(section.getByRole('button', { name: /^Retry job / }).first()).toBeVisible();
  else await expect(section.getByText('No failed job in this queue.')).toBeVisible();
  await expectAccessible(page);

  // A servicer has no Jobs page: no API either.
  const servicer = await staffToken(request, 'servicer@payrail.test');
  const refused = await request.get('/api/backoffice/jobs', { headers: { authorization: servicer } });
  expect(refused.status()).toBe(403);
});
