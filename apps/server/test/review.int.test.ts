import { APPLICATION_MSG, type TFeedbackResponse, type TLoanTerms } from '@payrail/contract/application';
import { FIELD_MSG, MSG, SERVER_MSG } from '@payrail/contract/messages';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackRequests, staffActions, underwritingDecisions, workflowTransitions } from '../src/db/schema/index';
import {
  acceptCreditPull,
  borrowerAtApplicationReview,
  borrowerAtLoanTerms,
  classicApp,
  employerOfKind,
  forceStatus,
  get,
  newBorrower,
  post,
  showField,
  staffToken,
  tempDataDir,
  updateField,
  uploadDocument,
} from './application-helpers';
import { PASSWORD, auth, availableStateId, call, login, outbox } from './identity-helpers';
import type { TestApp } from './test-app';

const files = tempDataDir();
let app: TestApp; // REQUIRE_HUMAN_REVIEW=true: applications wait for an underwriter
let auto: TestApp; // REQUIRE_HUMAN_REVIEW=false: the automated decision acts
let underwriter: string;
beforeAll(async () => {
  app = await classicApp({ config: { dataDir: files.dataDir, requireHumanReview: true } });
  auto = await classicApp({ config: { dataDir: files.dataDir, requireHumanReview: false } });
  underwriter = await staffToken(app, 'underwriter@payrail.test');
});
afterAll(async () => {
  await app.close();
  await auto.close();
  files.remove();
});

const status = (userId: number) => app.ctx.repos.workflow.currentStatus(userId);
const lastMove = async (userId: number) =>
  (
    await app.ctx.database.db.select().from(workflowTransitions).where(eq(workflowTransitions.userId, userId)).orderBy(desc(workflowTransitions.id)).limit(1)
  )[0]!;
const actionsOn = (userId: number) => app.ctx.database.db.select().from(staffActions).where(eq(staffActions.targetUserId, userId)).orderBy(staffActions.id);
const backoffice = (token: string | null, userId: number, action: string, payload?: Record<string, unknown>) =>
  call(app, {
    method: action === 'allowed_statuses' ? 'GET' : 'POST',
    url: `/api/backoffice/applications/${userId}/${action}`,
    headers: token ? auth(token) : {},
    ...(payload ? { payload } : {}),
  });

describe('GET /api/review (application review confirm)', () => {
  it('is refused outside the review pages', async () => {
    const { token } = await borrowerAtLoanTerms(app);
    const res = await get(app, token, '/api/review');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: APPLICATION_MSG.stepNotAvailable('loan_terms'), current_status: 'loan_terms' });
  });

  it('needs every answer, the consented terms and the four documents (not for a partner employer)', async () => {
    const { token, id } = await borrowerAtLoanTerms(app);
    await forceStatus(app, id, 'application_review');
    expect((await get(app, token, '/api/review')).json()).toEqual({ error: APPLICATION_MSG.termsNotChosen });
    await forceStatus(app, id, 'loan_terms');
    await get(app, token, '/api/loan');
    await forceStatus(app, id, 'application_review');
    expect((await get(app, token, '/api/review')).json()).toEqual({ error: APPLICATION_MSG.termsConsentMissing });
    await forceStatus(app, id, 'loan_terms');
    await get(app, token, '/api/associate_terms_consent');
    await forceStatus(app, id, 'application_review');
    await uploadDocument(app, token, 'driver_license');
    const missing = await get(app, token, '/api/review');
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      errors: {
        'documents.pay_stub': [APPLICATION_MSG.documentMissing],
        'documents.proof_of_address': [APPLICATION_MSG.documentMissing],
        'documents.selfie_photo': [APPLICATION_MSG.documentMissing],
      },
    });

    const partner = await borrowerAtLoanTerms(app, { employer: 'partner' });
    await get(app, partner.token, '/api/loan');
    await get(app, partner.token, '/api/associate_terms_consent');
    await forceStatus(app, partner.id, 'application_review');
    // Everything else is in order: the credit pull authorization is still missing (nothing moves, nothing decided).
    const unauthorized = await get(app, partner.token, '/api/review');
    expect(unauthorized.statusCode).toBe(422);
    expect(unauthorized.json()).toEqual({ error: APPLICATION_MSG.creditPullMissing });
    expect(await status(partner.id)).toBe('application_review');
    expect(
      (await app.ctx.database.db.select().from(underwritingDecisions).where(eq(underwritingDecisions.userId, partner.id))).filter((d) => d.stage === 'review'),
    ).toEqual([]);
    await acceptCreditPull(app, partner.token);
    expect((await get(app, partner.token, '/api/review')).json()).toEqual({ ok: true, new_status: 'ready_for_review' });
  });

  it('is refused without the credit pull authorization, also on the document review', async () => {
    const { token, id } = await borrowerAtLoanTerms(app);
    await get(app, token, '/api/loan');
    await get(app, token, '/api/associate_terms_consent');
    for (const type of ['driver_license', 'pay_stub', 'proof_of_address', 'selfie_photo']) await uploadDocument(app, token, type);
    for (const at of ['application_review', 'document_review'] as const) {
      await forceStatus(app, id, at);
      const res = await get(app, token, '/api/review');
      expect(res.statusCode, at).toBe(422);
      expect(res.json()).toEqual({ error: APPLICATION_MSG.creditPullMissing });
      expect(await status(id)).toBe(at);
    }
    // Another agreement is not the authorization.
    expect((await post(app, token, '/api/borrower_agreement_documents?agreement=consent_text_messaging')).statusCode).toBe(201);
    expect((await get(app, token, '/api/review')).json()).toEqual({ error: APPLICATION_MSG.creditPullMissing });
    await acceptCreditPull(app, token);
    expect((await get(app, token, '/api/review')).json()).toEqual({ ok: true, new_status: 'ready_for_review' });
  });

  it('names blank answers', async () => {
    const { token, id } = await newBorrower(app);
    await forceStatus(app, id, 'application_review');
    const res = await get(app, token, '/api/review');
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toMatchObject({
      first_name: [FIELD_MSG.blank],
      social_security_number: [FIELD_MSG.blank],
      references: [APPLICATION_MSG.referencesCount],
    });
  });

  it('with REQUIRE_HUMAN_REVIEW on: submits, records the decision and waits in ready_for_review', async () => {
    const { token, id } = await borrowerAtApplicationReview(app);
    expect((await get(app, token, '/api/review')).json()).toEqual({ ok: true, new_status: 'ready_for_review' });
    expect(await lastMove(id)).toMatchObject({ fromStatus: 'application_review', toStatus: 'ready_for_review', event: 'submit_for_review', actor: 'borrower' });
    const [decision] = await app.ctx.database.db
      .select()
      .from(underwritingDecisions)
      .where(eq(underwritingDecisions.userId, id))
      .orderBy(desc(underwritingDecisions.id))
      .limit(1);
    expect(decision).toMatchObject({ stage: 'review', outcome: 'approve' });
    expect(decision!.inputs).toMatchObject({
      requiredDocuments: ['driver_license', 'pay_stub', 'proof_of_address', 'selfie_photo'],
      requestedAmountCents: 10_000_00,
    });
  });

  it('with REQUIRE_HUMAN_REVIEW off: an approval pre-approves (the borrower chooses how to repay)', async () => {
    const { token, id } = await borrowerAtApplicationReview(auto);
    expect((await get(auto, token, '/api/review')).json()).toEqual({ ok: true, new_status: 'select_repay_method' });
    expect(await lastMove(id)).toMatchObject({
      fromStatus: 'ready_for_review',
      toStatus: 'select_repay_method',
      event: 'pre_approve',
      actor: 'system',
      staffUserId: null,
    });
  });

  it('with REQUIRE_HUMAN_REVIEW off: a denial moves to denied with the reason, the reapply date and the adverse-action notice', async () => {
    const { token, id, email } = await borrowerAtApplicationReview(auto);
    expect((await updateField(auto, token, { annual_income: '2,000' })).statusCode).toBe(200);
    expect((await get(auto, token, '/api/review')).json()).toEqual({ ok: true, new_status: 'denied' });
    const session = (await get(auto, token, '/api/token_is_valid')).json<{ not_qualified_reason: string; workflow_status: string }>();
    expect(session).toMatchObject({ workflow_status: 'denied', not_qualified_reason: 'Your income does not support the smallest loan we offer.' });
    expect((await get(auto, token, '/api/reapply')).json()).toEqual({ could_reapply_on: '2027-03-01' });
    const [notice] = (await outbox(auto, email)).filter((m) => m.subject === 'About your Payrail loan application');
    expect(notice!.body).toContain('- Income insufficient for amount of credit requested');
    expect(notice!.body).toContain('03/01/2027');
    expect(notice!.body).toContain('Equal Credit Opportunity Act');
    expect(await lastMove(id)).toMatchObject({ toStatus: 'denied', event: 'deny', actor: 'system' });
  });

  it('with REQUIRE_HUMAN_REVIEW off: an amount above the maximum becomes a counteroffer', async () => {
    const { token } = await borrowerAtApplicationReview(auto, { amount: 10_000_00 });
    await updateField(auto, token, { annual_income: '30,000' });
    expect((await get(auto, token, '/api/review')).json()).toEqual({ ok: true, new_status: 'loan_amount_changed' });
    const terms = (await get(auto, token, '/api/loan')).json<TLoanTerms>();
    expect(terms).toMatchObject({
      negotiated_amount: 6_000_00,
      amount: 6_000_00,
      change_message: 'We can offer you up to $6,000.00. Please review your new loan terms.',
    });
  });
});

describe('reviewer feedback round trip', () => {
  it('asks for a field and a document; the borrower fixes them with PUT /feedback', async () => {
    const { token, id, email } = await borrowerAtApplicationReview(app);
    await get(app, token, '/api/review');
    const sent = await backoffice(underwriter, id, 'feedback', {
      message: 'Please check your date of birth and address, and upload a W-2.',
      fields: { loan_borrower: ['date_of_birth', 'address'] },
      documents: ['w2'],
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ ok: true, previous_status: 'ready_for_review', new_status: 'feedback_sent' });
    expect((await outbox(app, email)).some((m) => m.subject === 'Action needed on your Payrail application' && m.body.includes('upload a W-2'))).toBe(true);

    const state = await availableStateId(app);
    const feedback = (await get(app, token, '/api/feedback')).json<TFeedbackResponse>();
    expect(feedback).toEqual({
      message: 'Please check your date of birth and address, and upload a W-2.',
      fields: {
        loan_borrower: {
          date_of_birth: '04/12/1986',
          address: { address: '12 Harbor Street', unit_number: 'Apt 4', zip_code: '19801', city: 'Wilmington', state_id: state },
        },
        documents: { w2: [] },
        bank_information: null,
      },
      allotment: false,
    });

    const put = (loan_borrower: Record<string, unknown>) =>
      call(app, { method: 'PUT', url: '/api/feedback', headers: auth(token), payload: { loan_borrower } });
    const incomplete = await put({ date_of_birth: '01/01/1899', first_name: 'Other' });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json()).toEqual({
      errors: {
        first_name: [APPLICATION_MSG.notRequested],
        address: [FIELD_MSG.blank],
        date_of_birth: [MSG.dobYearInvalid],
        'documents.w2': [APPLICATION_MSG.documentMissing],
      },
    });
    expect(await status(id)).toBe('feedback_sent');

    const w2 = await uploadDocument(app, token, 'w2');
    expect((await get(app, token, '/api/feedback')).json<TFeedbackResponse>().fields.documents.w2!.map((d) => d.id)).toEqual([w2]);
    const fixed = await put({
      date_of_birth: '05/13/1986',
      address: { address: '14 Harbor Street', unit_number: '', zip_code: '19802', city: 'Wilmington', state_id: state },
    });
    expect(fixed.json()).toEqual({ ok: true, new_status: 'ready_for_review' });
    expect((await showField(app, token, 'date_of_birth')).json()).toEqual({ field: 'date_of_birth', value: '05/13/1986' });
    expect((await showField(app, token, 'zip_code')).json()).toEqual({ field: 'zip_code', value: '19802' });
    expect((await showField(app, token, 'unit_number')).json()).toEqual({ field: 'unit_number', value: null });
    const [request] = await app.ctx.database.db.select().from(feedbackRequests).where(eq(feedbackRequests.userId, id));
    expect(request).toMatchObject({ status: 'answered', answeredFields: ['date_of_birth', 'address', 'unit_number', 'zip_code', 'city', 'state_id'] });
    expect((await get(app, token, '/api/feedback')).statusCode).toBe(422);
    expect((await actionsOn(id)).map((a) => [a.action, a.before.status, a.after.status])).toEqual([['send_feedback', 'ready_for_review', 'feedback_sent']]);
  });

  it('sends the answer to bank_link when a new bank link is asked, to review_allotment when an allotment is', async () => {
    const bank = await borrowerAtApplicationReview(app);
    await get(app, bank.token, '/api/review');
    await backoffice(underwriter, bank.id, 'feedback', { message: 'Please link your bank again.', bank_information: { bank_link: true } });
    expect((await get(app, bank.token, '/api/feedback')).json<TFeedbackResponse>().fields.bank_information).toEqual({ bank_link: true });
    expect((await call(app, { method: 'PUT', url: '/api/feedback', headers: auth(bank.token), payload: {} })).json()).toEqual({
      ok: true,
      new_status: 'bank_link',
    });

    const allotment = await borrowerAtApplicationReview(app);
    await get(app, allotment.token, '/api/review');
    await backoffice(underwriter, allotment.id, 'feedback', {
      message: 'Please set up the allotment.',
      allotment: true,
      fields: { loan_borrower: ['user_references'] },
    });
    const refs = [
      { firstName: 'Ana', lastName: 'Diaz', relationship: 'Friend', phone: '2025550111' },
      { firstName: 'Bo', lastName: 'Lee', relationship: 'Uncle', phone: '2025550122' },
    ];
    const res = await call(app, { method: 'PUT', url: '/api/feedback', headers: auth(allotment.token), payload: { loan_borrower: { user_references: refs } } });
    expect(res.json()).toEqual({ ok: true, new_status: 'review_allotment' });
    expect((await get(app, allotment.token, '/api/about_yourself/borrower_references')).json()).toEqual({ references: refs });
  });
  it('re-checks a flagged employer with its employee id, and is refused outside feedback_sent', async () => {
    const { token, id } = await borrowerAtApplicationReview(app);
    expect((await call(app, { method: 'PUT', url: '/api/feedback', headers: auth(token), payload: {} })).json()).toEqual({
      error: APPLICATION_MSG.stepNotAvailable('application_review'),
      current_status: 'application_review',
    });
    await get(app, token, '/api/review');
    await backoffice(underwriter, id, 'feedback', { message: 'Which employer do you work for?', fields: { loan_borrower: ['employer_id'] } });
    const federal = await employerOfKind(app, 'federal');
    expect((await get(app, token, '/api/feedback')).json<TFeedbackResponse>().fields.loan_borrower).toEqual({ employer_id: federal.id, employee_id: null });
    const partner = await employerOfKind(app, 'partner');
    const put = (loan_borrower: Record<string, unknown>) =>
      call(app, { method: 'PUT', url: '/api/feedback', headers: auth(token), payload: { loan_borrower } });
    expect((await put({ employer_id: partner.id })).json()).toEqual({ errors: { employee_id: [FIELD_MSG.blank] } });
    expect((await put({ employer_id: partner.id, employee_id: 'P-77' })).json()).toEqual({ ok: true, new_status: 'ready_for_review' });
    expect((await get(app, token, '/api/employer_entrypoint')).json()).toMatchObject({ employer_id: partner.id, employee_id: 'P-77' });
  });
});

describe('reviewer actions and role boundaries', () => {
  it('lets only underwriters and admins act; borrowers and other staff are refused', async () => {
    const { token, id } = await borrowerAtApplicationReview(app);
    await get(app, token, '/api/review');
    const servicer = await staffToken(app, 'servicer@payrail.test');
    for (const action of ['allowed_statuses', 'status', 'feedback', 'approve', 'decline', 'deny', 'drop', 'cancel']) {
      expect((await backoffice(servicer, id, action, { new_status: 'review_application' })).statusCode, action).toBe(403);
      expect((await backoffice(token, id, action, {})).statusCode, action).toBe(401);
      expect((await backoffice(null, id, action, {})).statusCode, action).toBe(401);
    }
    const admin = await staffToken(app, 'admin@payrail.test');
    const allowed = (await backoffice(admin, id, 'allowed_statuses')).json<{ current_status: string; allowed_statuses: string[] }>();
    expect(allowed.current_status).toBe('ready_for_review');
    expect(allowed.allowed_statuses.sort()).toEqual(
      [
        'review_application',
        'feedback_sent',
        'document_review',
        'loan_amount_changed',
        'select_repay_method',
        'refinancing_esignature',
        'employer_review',
        'declined',
        'denied',
        'canceled',
      ].sort(),
    );
    expect((await backoffice(admin, 999_999, 'allowed_statuses')).statusCode).toBe(404);
  });

  it('moves only where the table lets a reviewer, and keeps data-carrying moves on their own actions', async () => {
    const { token, id } = await borrowerAtApplicationReview(app);
    await get(app, token, '/api/review');
    expect((await backoffice(underwriter, id, 'status', { new_status: 'esignature_needed' })).json()).toEqual({
      error: SERVER_MSG.statusRefused('ready_for_review', 'esignature_needed'),
      current_status: 'ready_for_review',
    });
    expect((await backoffice(underwriter, id, 'approve')).json()).toEqual({
      error: SERVER_MSG.statusRefused('ready_for_review', 'approved'),
      current_status: 'ready_for_review',
    });
    expect((await backoffice(underwriter, id, 'status', { new_status: 'denied' })).json()).toEqual({
      error: APPLICATION_MSG.useDedicatedAction('deny'),
      current_status: 'ready_for_review',
    });
    expect((await backoffice(underwriter, id, 'status', { new_status: 'loan_amount_changed' })).json()).toEqual({
      errors: { negotiated_amount: [FIELD_MSG.blank] },
    });
    const started = await backoffice(underwriter, id, 'status', { new_status: 'review_application' });
    expect(started.json()).toEqual({ ok: true, previous_status: 'ready_for_review', new_status: 'review_application' });
    const staffId = (await app.ctx.repos.staff.findByEmail('underwriter@payrail.test'))!.id;
    expect(await lastMove(id)).toMatchObject({ event: 'start_review', actor: 'reviewer', staffUserId: staffId });
    expect((await backoffice(underwriter, id, 'status', { new_status: 'loan_amount_changed', negotiated_amount: 4_000_00 })).statusCode).toBe(200);
    expect((await get(app, token, '/api/loan')).json<TLoanTerms>()).toMatchObject({ negotiated_amount: 4_000_00, amount: 4_000_00 });
    expect((await actionsOn(id)).map((a) => [a.staffUserId, a.action, a.before.status, a.after.status, a.after.negotiated_amount])).toEqual([
      [staffId, 'change_status', 'ready_for_review', 'review_application', null],
      [staffId, 'change_status', 'review_application', 'loan_amount_changed', 4_000_00],
    ]);
  });

  it('approves a signed application and records the payroll repayment when an allotment is approved', async () => {
    const { token, id } = await borrowerAtApplicationReview(app);
    await forceStatus(app, id, 'review_allotment');
    expect((await backoffice(underwriter, id, 'status', { new_status: 'esignature_needed' })).json()).toMatchObject({ new_status: 'esignature_needed' });
    expect((await get(app, token, '/api/payment_change')).json()).toEqual({ ok: true, payment_change: true });
    await forceStatus(app, id, 'application_submitted');
    expect((await backoffice(underwriter, id, 'approve')).json()).toEqual({ ok: true, previous_status: 'application_submitted', new_status: 'approved' });
  });

  it('keeps staff_actions append-only', async () => {
    await expect(app.ctx.database.db.execute(sql`update staff_actions set action = 'x'`)).rejects.toThrow();
    await expect(app.ctx.database.db.execute(sql`delete from staff_actions`)).rejects.toThrow();
  });
});

describe('decline, deny, drop and cancel, then a new application', () => {
  it('declines with a reapply date: the notice, GET /reapply, and a new application once the date comes', async () => {
    const { token, id, email } = await borrowerAtApplicationReview(app);
    await get(app, token, '/api/review');
    const declined = await backoffice(underwriter, id, 'decline', { reapply_on: '2027-03-01', reasons: ['Unable to verify income'] });
    expect(declined.json()).toEqual({ ok: true, previous_status: 'ready_for_review', new_status: 'declined' });
    expect((await get(app, token, '/api/token_is_valid')).json()).toMatchObject({ workflow_status: 'declined', not_qualified_reason: null });
    expect((await get(app, token, '/api/reapply')).json()).toEqual({ could_reapply_on: '2027-03-01' });
    const early = await get(app, token, '/api/do_reapply');
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({ error: 'You can apply again on 03/01/2027.' });
    const notice = (await outbox(app, email)).find((m) => m.subject === 'About your Payrail loan application')!;
    expect(notice.body).toContain('- Unable to verify income');
    const [action] = await actionsOn(id);
    expect(action).toMatchObject({
      action: 'decline',
      before: { status: 'ready_for_review', reapply_on: null },
      after: { status: 'declined', reapply_on: '2027-03-01', reasons: ['Unable to verify income'] },
    });

    // Three months later the borrower may start again.
    const later = await classicApp({ now: () => new Date('2027-03-01T12:00:00Z') });
    try {
      const signedIn = await login(later, email, PASSWORD);
      const token = signedIn.headers.authorization as string;
      expect((await get(later, token, '/api/reapply')).json()).toEqual({ could_reapply_on: 'today' });
      expect((await get(later, token, '/api/do_reapply')).json()).toEqual({ ok: true, new_status: 'about_yourself' });
      expect((await later.ctx.repos.application.activeApplication(id))!.amountCents).toBeNull();
      expect((await later.ctx.repos.application.latestApplication(id))!.outcome).toBeNull();
      expect((await showField(later, token, 'first_name')).json()).toEqual({ field: 'first_name', value: 'Jordan' });
    } finally {
      await later.close();
    }
  });

  it('denies with a reason and never: the panel reason, and no new application', async () => {
    const { token, id } = await borrowerAtApplicationReview(app);
    await get(app, token, '/api/review');
    const missing = await backoffice(underwriter, id, 'deny', { reapply_on: 'someday' });
    expect(missing.json()).toEqual({ errors: { not_qualified_reason: [FIELD_MSG.blank], reapply_on: [FIELD_MSG.invalid] } });
    expect((await backoffice(underwriter, id, 'deny', { not_qualified_reason: 'Identity could not be verified.', reapply_on: 'never' })).statusCode).toBe(200);
    expect((await get(app, token, '/api/token_is_valid')).json()).toMatchObject({
      workflow_status: 'denied',
      not_qualified_reason: 'Identity could not be verified.',
    });
    expect((await get(app, token, '/api/reapply')).json()).toEqual({ could_reapply_on: 'never' });
    expect((await get(app, token, '/api/new_application')).json()).toEqual({ error: APPLICATION_MSG.cannotReapply });
  });

  it('drops an inactive application (the system move, triggered by staff) and lets the borrower start a new loan', async () => {
    const { token, id } = await borrowerAtLoanTerms(app);
    expect((await backoffice(underwriter, id, 'drop')).json()).toEqual({ ok: true, previous_status: 'loan_terms', new_status: 'dropped' });
    expect(await lastMove(id)).toMatchObject({ event: 'drop', actor: 'system', staffUserId: expect.any(Number) });
    expect((await get(app, token, '/api/reapply')).json()).toEqual({ could_reapply_on: 'today' });
    expect((await get(app, token, '/api/new_application')).json()).toEqual({ ok: true, new_status: 'about_yourself' });
    expect((await get(app, token, '/api/new_application')).json()).toEqual({ error: APPLICATION_MSG.cannotReapply });
  });

  it('cancels with a reapply date', async () => {
    const { token, id } = await borrowerAtLoanTerms(app);
    expect((await backoffice(underwriter, id, 'cancel', { reapply_on: '2027-01-15' })).json()).toMatchObject({ new_status: 'canceled' });
    expect((await get(app, token, '/api/reapply')).json()).toEqual({ could_reapply_on: '2027-01-15' });
    expect((await get(app, token, '/api/do_reapply')).json()).toEqual({ error: 'You can apply again on 01/15/2027.' });
  });

  it('answers never while an application is in progress', async () => {
    const { token } = await newBorrower(app);
    expect((await get(app, token, '/api/reapply')).json()).toEqual({ could_reapply_on: 'never' });
    expect((await get(app, token, '/api/do_reapply')).json()).toEqual({ error: APPLICATION_MSG.cannotReapply });
    expect(MSG.newLoanFailed).toBe('Sorry, we could not process a new loan');
  });
});

describe('POST /api/user_feedback', () => {
  it('stores a star rating (201) and marks the member as having rated', async () => {
    const { token } = await newBorrower(app);
    expect((await post(app, token, '/api/user_feedback', { feedback: { rating: 6 } })).json()).toEqual({ errors: { rating: [FIELD_MSG.notIncluded] } });
    const res = await post(app, token, '/api/user_feedback', { feedback: { rating: 2, message: ' The phone step was confusing. ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ rating: 2, message: 'The phone step was confusing.' });
    expect((await get(app, token, '/api/token_is_valid')).json()).toMatchObject({ feedback_rating: true });
  });
});
