/**
 * The `newflow.rate-check` queue (issue #30): the left-over rate checks no poll ran (the applicant closed
 * the browser after the SSN step, or the poll's process died) are run by the queue, once.
 */
import { PAYROLL_SANDBOX_CREDENTIALS } from '@payrail/contract/newflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { createInProcessQueue } from '../src/jobs/in-process';
import { jobsRepository } from '../src/jobs/repository';
import { defineRateCheckQueue, RATE_CHECK_QUEUE, rateCheckCron } from '../src/modules/newflow/rate-check';
import { classicApp, employerOfKind, uniqueSsn } from './application-helpers';
import { auth, availableStateId, call, confirmEmail, newflowSignUp } from './identity-helpers';
import { type TestApp, testConfig, testDatabase } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await classicApp();
});
afterAll(async () => {
  await app.close();
});

const STEP = '/api/applicationflow/application_step';
const postStep = async (token: string, payload: Record<string, unknown>) => {
  const res = await call(app, { method: 'POST', url: STEP, headers: auth(token), payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ new_status: string }>().new_status;
};

/** A new-flow applicant who gave the SSN (status rate_check) and never polled the rate check. */
async function atRateCheck(): Promise<number> {
  const { res: signup, email } = await newflowSignUp(app, { emailPrefix: 'nfq' });
  expect(signup.statusCode, signup.body).toBe(201);
  const id = signup.json<{ id: number }>().id;
  const confirmed = await confirmEmail(app, email);
  const token = confirmed.headers.authorization as string;
  const employer = await employerOfKind(app, 'private');
  await postStep(token, {
    workflow_status_key: 'job_info',
    loan_borrower: {
      employer_id: employer.id,
      working_time_range: '3-5 years',
      annual_income: 6_000_000,
      employment_status: 'full-time',
      payment_frequency: 'bi-weekly',
      annual_household_income: 8_000_000,
    },
  });
  const link = (await call(app, { url: `${STEP}/employment`, headers: auth(token) })).json<{
    data: { payroll_link: { user_token: string; link_item: string | null } };
  }>().data.payroll_link;
  const login = await call(app, {
    method: 'POST',
    url: '/api/payroll_link/sandbox/login',
    headers: auth(token),
    payload: { user_token: link.user_token, link_item: link.link_item, ...PAYROLL_SANDBOX_CREDENTIALS.good },
  });
  await postStep(token, { workflow_status_key: 'verify_employer', account_id: login.json<{ account_id: string }>().account_id });
  const stateId = await availableStateId(app);
  await postStep(token, {
    workflow_status_key: 'personal_info',
    loan_borrower: {
      first_name: 'Lena',
      middle_initial: 'Q',
      last_name: 'Park',
      phone: '2025550100',
      date_of_birth: '1987-06-05',
      driver_license_number: 'D5554444',
      driver_license_state_id: stateId,
      state_id: stateId,
      address: '5 Oak Street',
      unit_number: '',
      city: 'Springfield',
      zip_code: '62701',
    },
  });
  await postStep(token, {
    workflow_status_key: 'personal_info',
    sub_step: 'rent',
    loan_borrower: { housing_type: 'rent', housing_payment: 120_000, education_level: 'graduate' },
  });
  const ssn = uniqueSsn();
  expect(
    await postStep(token, { workflow_status_key: 'ssn_input', loan_borrower: { social_security_number: ssn, social_security_number_confirmation: ssn } }),
  ).toBe('rate_check');
  return id;
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
