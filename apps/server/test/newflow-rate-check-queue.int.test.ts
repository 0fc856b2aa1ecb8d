/**
 * The `newflow.rate-check` queue (issue #30): the left-over rate checks no poll ran (the applicant closed
 * the browser after the SSN step, or the poll's process died) are run by the queue, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { createInProcessQueue } from '../src/jobs/in-process';
import { jobsRepository } from '../src/jobs/repository';
import { defineRateCheckQueue, RATE_CHECK_QUEUE, rateCheckCron } from '../src/modules/newflow/rate-check';
import { classicApp } from './application-helpers';
import { confirmedApplicant, newflowSteps, walkToRateCheck } from './newflow-helpers';
import { type TestApp, testConfig, testDatabase } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await classicApp();
});
afterAll(async () => {
  await app.close();
});

/** A new-flow applicant who gave the SSN (status rate_check) and never polled the rate check. */
async function atRateCheck(): Promise<number> {
  const who = await confirmedApplicant(app, {
    emailPrefix: 'nfq',
    loan: { amount: 300_000, payment_frequency: 'bi-weekly', loan_purpose_name: 'Emergency Cash' },
  });
  await walkToRateCheck(newflowSteps(app), who.token, {
    personal: {
      first_name: 'Lena',
      middle_initial: 'Q',
      last_name: 'Park',
      phone: '2025550100',
      date_of_birth: '1987-06-05',
      driver_license_number: 'D5554444',
      address: '5 Oak Street',
      unit_number: '',
      city: 'Springfield',
      zip_code: '62701',
    },
  });
  return who.id;
}

describe('the rate-check queue', () => {
  it('maps NEWFLOW_RATE_CHECK_INTERVAL_SECONDS to a minute schedule (cron counts minutes), none for 0', () => {
    expect(rateCheckCron(0)).toBeUndefined();
    expect(rateCheckCron(5)).toBe('* * * * *');
    expect(rateCheckCron(60)).toBe('* * * * *');
    expect(rateCheckCron(61)).toBe('*/2 * * * *');
    expect(rateCheckCron(3600)).toBe('0 * * * *');
  });

  it('runs the left-over checks once, however many jobs run them', async () => {
    const id = await atRateCheck();
    await app.ctx.repos.newflow.openRateCheck(id, app.ctx.now()); // opened, then nobody polled
    expect((await app.ctx.repos.newflow.find(id))?.rateCheckState).toBe('pending');

    const database = await testDatabase();
    const jobs = createInProcessQueue(jobsRepository(database.db), { pollMs: 50 });
    const ctx: AppContext = { ...app.ctx, jobs };
    defineRateCheckQueue(ctx);
    expect(jobs.definitions().find((d) => d.name === RATE_CHECK_QUEUE)?.schedule).toBe(rateCheckCron(testConfig().rateCheckIntervalSeconds));
    await jobs.start();
    try {
      // The schedule's `{}` job (three at once, as three instances' slots would be) and one member's job.
      await Promise.all([
        jobs.send(RATE_CHECK_QUEUE, {}),
        jobs.send(RATE_CHECK_QUEUE, {}),
        jobs.send(RATE_CHECK_QUEUE, {}),
        jobs.send(RATE_CHECK_QUEUE, { userId: id }),
      ]);
      const end = Date.now() + 20_000;
      while ((await jobs.counts(RATE_CHECK_QUEUE)).completed < 4 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(await jobs.counts(RATE_CHECK_QUEUE)).toMatchObject({ queued: 0, active: 0, failed: 0 });
    } finally {
      await jobs.stop();
    }
    expect((await app.ctx.repos.newflow.find(id))!).toMatchObject({ rateCheckState: 'done', rateCheckOutcome: 'approved', rateCheckAttempts: 1 });
    expect(await app.ctx.repos.workflow.currentStatus(id)).toBe('select_program');
    const history = await app.ctx.repos.workflow.history(id);
    expect(history.filter((h) => h.fromStatus === 'rate_check')).toHaveLength(1);
  });
});
