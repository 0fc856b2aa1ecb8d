import { APPLICATION_MSG } from '@payrail/contract/application';
import { BANK_MSG } from '@payrail/contract/banking';
import { SERVER_MSG } from '@payrail/contract/messages';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowTransitions } from '../src/db/schema/index';
import { AppError } from '../src/errors';
import { stepNotOpen } from '../src/modules/newflow/workflow';
import { commitMove, planMove, requireStatus } from '../src/modules/workflow/move';
import { advanceStatus } from '../src/modules/workflow/use-cases/advance-status';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const moves = async (userId: number) =>
  app.ctx.database.db.select().from(workflowTransitions).where(eq(workflowTransitions.userId, userId)).orderBy(asc(workflowTransitions.id));
const next = (token: string, current: string) =>
  call(app, { method: 'POST', url: '/api/workflow/next_status', headers: auth(token), payload: { current_status: current } });

/** The error a call throws (the test fails when it does not throw). */
async function thrown(call: () => Promise<unknown>): Promise<AppError> {
  try {
    await call();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected the call to be refused');
}

/** A member as a use case read it, then another tab moves them on: the row the use case holds is stale. */
async function raceLost() {
  const { token, id } = await signUpConfirmed(app);
  const stale = (await app.ctx.repos.identity.findMemberById(id))!;
  expect(stale.workflowStatus).toBe('about_yourself');
  expect((await next(token, 'about_yourself')).statusCode).toBe(200);
  return { stale, id, before: (await moves(id)).length };
}

describe('workflow/move: the lost-race rule', () => {
  it('a use case that planned from a status another move left answers "status out of date" with the status that won, storing nothing', async () => {
    const { stale, id, before } = await raceLost();
    const err = await thrown(() => advanceStatus(app.ctx, stale, 'about_yourself'));
    expect(err.code).toBe('validation');
    expect(err.message).toBe(SERVER_MSG.statusOutOfDate('employer'));
    expect(err.extra).toEqual({ current_status: 'employer' });
    expect(await moves(id)).toHaveLength(before);
    expect((await app.ctx.repos.identity.findMemberById(id))!.workflowStatus).toBe('employer');
  });

  it('commitMove runs the write once and answers the flow’s own refusal (the new flow’s 409) with the winning status', async () => {
    const { stale, id, before } = await raceLost();
    const move = await planMove(app.ctx, stale, 'employer');
    let writes = 0;
    const err = await thrown(() =>
      commitMove(
        app.ctx,
        stale,
        () => {
          writes += 1;
          return app.ctx.repos.workflow.move(move);
        },
        stepNotOpen,
      ),
    );
    expect(writes).toBe(1);
    expect(err.code).toBe('conflict');
    expect(err.extra).toEqual({ current_status: 'employer' });
    expect(await moves(id)).toHaveLength(before);
  });

  it('commitMove answers what the write stored when the move won', async () => {
    const { token, id } = await signUpConfirmed(app);
    const member = (await app.ctx.repos.identity.findMemberById(id))!;
    const move = await planMove(app.ctx, member, 'employer');
    expect(await commitMove(app.ctx, member, () => app.ctx.repos.workflow.move(move))).toBe(true);
    expect((await moves(id)).at(-1)).toMatchObject({ fromStatus: 'about_yourself', toStatus: 'employer', event: 'advance', actor: 'borrower' });
    expect((await call(app, { url: '/api/workflow/navigation_stack', headers: auth(token) })).json()).toEqual({
      navigation_stack: ['about_yourself', 'employer'],
      current_status: 'employer',
    });
  });
});

describe('workflow/move: planning and requiring a status', () => {
  it('planMove refuses a move the machine does not give the actor, with the current status', async () => {
    const { id } = await signUpConfirmed(app);
    const member = (await app.ctx.repos.identity.findMemberById(id))!;
    const err = await thrown(() => planMove(app.ctx, member, 'approved'));
    expect(err.message).toBe(SERVER_MSG.statusRefused('about_yourself', 'approved'));
    expect(err.extra).toEqual({ current_status: 'about_yourself' });
    // The borrower's own step forward is the system's too only where the table says so.
    await expect(planMove(app.ctx, member, 'employer', { actor: 'reviewer' })).rejects.toBeInstanceOf(AppError);
  });

  it('requireStatus answers one message for every step (the application and bank texts are the same one)', () => {
    const member = { id: 1, workflowStatus: 'loan_terms' as const };
    expect(requireStatus(member, ['loan_terms', 'bank_link'])).toBe('loan_terms');
    const err = (() => {
      try {
        requireStatus(member, ['bank_link']);
      } catch (e) {
        return e as AppError;
      }
      throw new Error('expected a refusal');
    })();
    expect(err.message).toBe(SERVER_MSG.stepNotAvailable('loan_terms'));
    expect(err.extra).toEqual({ current_status: 'loan_terms' });
    expect(APPLICATION_MSG.stepNotAvailable).toBe(SERVER_MSG.stepNotAvailable);
    expect(BANK_MSG.stepNotAvailable).toBe(SERVER_MSG.stepNotAvailable);
    // The column is text whatever its TypeScript type says: a status a later release renamed is still refused.
    expect(() => requireStatus({ id: 1, workflowStatus: 'renamed_status' as WorkflowStatus }, ['loan_terms'])).toThrow(
      SERVER_MSG.stepNotAvailable('renamed_status'),
    );
  });
});
