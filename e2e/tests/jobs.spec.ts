import { expectAccessible } from '../support/axe';
import { expect as baseExpect, test } from '../support/access';
import { staffSignIn } from '../support/servicing';
import { staffToken } from '../support/staff';

/**
 * Issue #30 "Jobs": an admin opens the Jobs page from the nav and sees the driver and every queue the
 * server defines with its counts; a queue's failed list opens (each failed job with its error and a Retry,
 * or the empty line when none failed); axe finds nothing. A servicer has neither the link nor the API.
 *
 * Then a job that fails for real: an employer-portal invitation to an address at the sandbox's undeliverable
 * test domain. Its first attempt fails, the messages.deliver job retries it (the e2e server: one retry, 1 s
 * later) and dead-letters it; the admin finds it on the Jobs page with its error and retries it, and it comes
 * back failed (the address still does not answer).
 */

const expect = baseExpect.configure({ timeout: 20_000 });

type Queues = { driver: string; queues: { name: string; failed: number }[] };
type Failed = { jobs: { id: string; error: string; attempts: number; subject: string | null }[] };
const MESSAGES = 'messages.deliver';

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

test('an undeliverable e-mail is retried, dead-lettered, shown on the Jobs page and retried by an admin', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await staffToken(request);
  const headers = { authorization: token };
  const failedIds = async () => ((await (await request.get(`/api/backoffice/jobs/${MESSAGES}/failed`, { headers })).json()) as Failed).jobs;
  const before = new Set((await failedIds()).map((j) => j.id));

  // An invitation e-mail to an address the sandbox cannot deliver to (its undeliverable test domain).
  const employers = (await (await request.get('/api/backoffice/employers', { headers })).json()) as { employers: { id: number; name: string }[] };
  const acme = employers.employers.find((e) => e.name.startsWith('Acme'))!;
  const invited = await request.post(`/api/backoffice/employers/${acme.id}/invitations`, {
    headers,
    data: { email: `jobs-${Date.now()}@unreachable.payrail.test` },
  });
  expect(invited.status()).toBe(201);

  // The first attempt failed, the job's retry failed: dead-lettered, with the provider's error.
  let dead: Failed['jobs'][number] | undefined;
  await expect
    .poll(async () => (dead = (await failedIds()).find((j) => !before.has(j.id))), { timeout: 60_000, message: 'the message job is dead-lettered' })
    .toBeTruthy();
  expect(dead!.error).toContain('unreachable.payrail.test did not answer');
  expect(dead!.attempts).toBe(2);

  await staffSignIn(page, 'admin@payrail.test');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Jobs' }).click();
  const table = page.getByRole('table', { name: 'Job queues' });
  await table.getByRole('button', { name: `Failed jobs of ${MESSAGES}` }).click();
  const section = page.getByRole('region', { name: `Failed jobs: ${MESSAGES}` });
  const row = section.getByRole('row').filter({ has: page.getByRole('button', { name: `Retry job ${dead!.id} of ${MESSAGES}` }) });
  await expect(row).toContainText('unreachable.payrail.test did not answer');
  await expect(row).toContainText(dead!.subject ?? '—');
  await expectAccessible(page);

  await row.getByRole('button', { name: `Retry job ${dead!.id} of ${MESSAGES}` }).click();
  await expect(page.getByText(`Job ${dead!.id} of ${MESSAGES} is queued again.`)).toBeVisible();
  // Attempts start over: it runs again, fails again (the address still does not answer) and is listed again.
  await expect.poll(async () => (await failedIds()).some((j) => j.id === dead!.id), { timeout: 60_000, message: 'the retried job failed again' }).toBe(true);
  await expect(section.getByRole('button', { name: `Retry job ${dead!.id} of ${MESSAGES}` })).toBeVisible({ timeout: 30_000 });
});
