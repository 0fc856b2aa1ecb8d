import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADVANCES,
  TRANSITIONS,
  type Actor,
  type HistoryEntry,
  type WorkflowContext,
  actorsFor,
  allowedTransitions,
  canChangeTo,
  decideBorrowerMove,
  decideTransition,
  navigationStack,
  nextStatus,
  wasSubmitted,
} from './machine';
import { NEWFLOW_ONLY_STATUSES, STATUS_KIND, WORKFLOW_STATUSES, type WorkflowStatus } from './statuses';

const NONE: WorkflowContext = {
  phoneConfirmed: false,
  bankLinked: false,
  submittedBefore: false,
  feedbackAsksBankLink: false,
  feedbackAsksAllotment: false,
  newFlow: false,
};
const ctx = (facts: Partial<WorkflowContext> = {}): WorkflowContext => ({ ...NONE, ...facts });

/**
 * The expected table, written independently of the code: every status and the statuses it may change
 * to (any actor, ignoring guards). "+end" is dropped and canceled, which every open status has.
 */
const EXPECTED: Record<WorkflowStatus, string> = {
  email_confirmation: 'about_yourself job_info',
  about_yourself: 'employer +end',
  employer: 'about_yourself phone_verification +end',
  phone_verification: 'employer phone_code_sent loan_terms +end',
  phone_code_sent: 'phone_verification loan_terms +end',
  loan_terms: 'phone_verification bank_link +end',
  loan_amount_changed: 'ready_for_review +end',
  bank_link: 'loan_terms bank_input bank_manual_input bank_manually_insert choosing_receiver_account +end',
  bank_input: 'bank_link choosing_receiver_account +end',
  bank_manual_input: 'bank_link choosing_receiver_account +end',
  bank_manually_insert: 'bank_link choosing_receiver_account +end',
  choosing_receiver_account: 'bank_link bank_input bank_manual_input bank_manually_insert documents ready_for_review +end',
  documents: 'choosing_receiver_account driver_license_uploaded pay_stub_uploaded proof_of_address_uploaded application_review +end',
  driver_license_uploaded: 'choosing_receiver_account pay_stub_uploaded proof_of_address_uploaded application_review +end',
  pay_stub_uploaded: 'choosing_receiver_account driver_license_uploaded proof_of_address_uploaded application_review +end',
  proof_of_address_uploaded: 'choosing_receiver_account driver_license_uploaded pay_stub_uploaded application_review +end',
  application_review: 'documents driver_license_uploaded pay_stub_uploaded proof_of_address_uploaded document_review ready_for_review +end',
  document_review: 'ready_for_review +end',
  ready_for_review:
    'review_application feedback_sent document_review loan_amount_changed select_repay_method refinancing_esignature employer_review declined denied +end',
  review_application: 'feedback_sent document_review loan_amount_changed select_repay_method refinancing_esignature employer_review declined denied +end',
  feedback_sent: 'bank_link review_allotment ready_for_review +end',
  select_repay_method: 'allotment_needed auto_debit_needed esignature_needed +end',
  allotment_needed: 'select_repay_method review_allotment debit_card +end',
  review_allotment: 'debit_card esignature_needed allotment_needed feedback_sent +end',
  debit_card: 'review_allotment +end',
  auto_debit_needed: 'select_repay_method esignature_needed +end',
  esignature_needed: 'select_repay_method auto_debit_needed application_submitted approved +end',
  application_submitted: 'approved employer_review feedback_sent declined denied +end',
  employer_review: 'select_repay_method approved feedback_sent declined denied +end',
  approved: 'refinancing_application about_yourself esignature_needed',
  declined: 'reconsider_declined about_yourself refinancing_application',
  reconsider_declined:
    'review_application feedback_sent document_review loan_amount_changed select_repay_method refinancing_esignature employer_review declined denied +end',
  denied: 'about_yourself job_info refinancing_application',
  dropped: 'about_yourself job_info refinancing_application',
  canceled: 'about_yourself refinancing_application',
  refinancing_application: 'refinancing_loan_terms +end',
  refinancing_loan_terms: 'refinancing_review ready_for_review +end',
  refinancing_review: 'refinancing_loan_terms ready_for_review +end',
  refinancing_esignature: 'application_submitted +end',
  // The new flow (docs/newflow.md)
  job_info: 'verify_employer employer_info +end',
  employer_info: 'job_info employer_under_review +end',
  employer_under_review: 'personal_info cant_proceed +end',
  verify_employer: 'job_info personal_info verify_employer_manual +end',
  verify_employer_manual: 'verify_employer personal_info +end',
  personal_info: 'verify_employer verify_employer_manual ssn_input +end',
  ssn_input: 'personal_info rate_check +end',
  rate_check: 'select_program denied cant_proceed +end',
  select_program: 'split_direct_deposit verify_bank_account +end',
  split_direct_deposit: 'select_program verify_bank_account split_direct_deposit_manual +end',
  split_direct_deposit_manual: 'split_direct_deposit verify_bank_account +end',
  verify_bank_account: 'select_program split_direct_deposit split_direct_deposit_manual additional_documents +end',
  additional_documents: 'verify_bank_account loan_offer +end',
  loan_offer: 'additional_documents password_creation +end',
  password_creation: 'loan_offer phone_validation +end',
  phone_validation: 'password_creation application_submitted +end',
  cant_proceed: 'job_info',
};
const expectedTargets = (from: WorkflowStatus): Set<string> => new Set(EXPECTED[from].replace('+end', 'dropped canceled').split(' '));

describe('canChangeTo: the whole status × target table', () => {
  for (const from of WORKFLOW_STATUSES) {
    it(`${from} changes to exactly its listed targets`, () => {
      const allowed = expectedTargets(from);
      for (const to of WORKFLOW_STATUSES) expect(canChangeTo(from, to), `${from} → ${to}`).toBe(allowed.has(to));
    });
  }

  it('never lists a status as a target of itself', () => {
    for (const s of WORKFLOW_STATUSES) expect(canChangeTo(s, s)).toBe(false);
  });

  it('agrees with allowedTransitions', () => {
    for (const from of WORKFLOW_STATUSES) {
      expect(new Set(allowedTransitions(from).map((t) => t.to))).toEqual(expectedTargets(from));
    }
  });
});

describe('who may set a transition', () => {
  const cases: [WorkflowStatus, WorkflowStatus, Actor[]][] = [
    ['email_confirmation', 'about_yourself', ['system']],
    ['about_yourself', 'employer', ['borrower']],
    ['employer', 'about_yourself', ['borrower']],
    ['phone_verification', 'phone_code_sent', ['system']],
    ['phone_code_sent', 'loan_terms', ['borrower', 'system']],
    ['bank_link', 'choosing_receiver_account', ['borrower', 'system']],
    ['application_review', 'ready_for_review', ['borrower']],
    ['application_review', 'document_review', ['reviewer', 'system']],
    ['ready_for_review', 'review_application', ['reviewer']],
    ['ready_for_review', 'feedback_sent', ['reviewer']],
    ['review_application', 'select_repay_method', ['reviewer', 'system']],
    ['review_application', 'declined', ['reviewer']],
    ['select_repay_method', 'auto_debit_needed', ['borrower']],
    ['esignature_needed', 'application_submitted', ['borrower']],
    ['application_submitted', 'approved', ['reviewer', 'system']],
    ['declined', 'reconsider_declined', ['reviewer']],
    ['approved', 'refinancing_application', ['system']],
    ['denied', 'about_yourself', ['system']],
    ['loan_terms', 'dropped', ['system']],
    ['loan_terms', 'canceled', ['reviewer']],
    ['about_yourself', 'approved', []],
  ];
  for (const [from, to, actors] of cases) {
    it(`${from} → ${to}: ${actors.join(', ') || 'nobody'}`, () => expect([...actorsFor(from, to)].sort()).toEqual(actors.sort()));
  }

  it('every row names at least one actor', () => {
    for (const t of TRANSITIONS) expect(t.by.length, `${t.from} → ${t.to}`).toBeGreaterThan(0);
  });

  it('never lets the borrower decide: no borrower move out of a review or final status, into a decision, or back to a non-page', () => {
    for (const t of TRANSITIONS) {
      if (!t.by.includes('borrower')) continue;
      expect(['review', 'final', 'entry'], `${t.from} → ${t.to}`).not.toContain(STATUS_KIND[t.from]);
      if (t.event === 'go_back') expect(STATUS_KIND[t.to], `${t.from} → ${t.to}`).toBe('step');
      else
        expect([
          'approved',
          'declined',
          'denied',
          'dropped',
          'canceled',
          'review_application',
          'feedback_sent',
          'select_repay_method',
          'employer_review',
          'loan_amount_changed',
        ]).not.toContain(t.to);
    }
  });

  it('lets only the server confirm an e-mail and send a phone code', () => {
    expect(decideTransition('email_confirmation', 'about_yourself', 'borrower', NONE)).toEqual({ ok: false, reason: 'actor_not_allowed', actors: ['system'] });
    expect(decideTransition('phone_verification', 'phone_code_sent', 'borrower', NONE)).toMatchObject({ ok: false, reason: 'actor_not_allowed' });
    expect(decideTransition('phone_verification', 'phone_code_sent', 'system', NONE)).toMatchObject({ ok: true, event: 'send_phone_code' });
  });
});

describe('decideTransition', () => {
  it('refuses the same status, a move the table lacks, a move by the wrong actor and a failed guard', () => {
    expect(decideTransition('loan_terms', 'loan_terms', 'borrower', NONE)).toEqual({ ok: false, reason: 'same_status' });
    expect(decideTransition('about_yourself', 'approved', 'reviewer', NONE)).toEqual({ ok: false, reason: 'not_allowed' });
    expect(decideTransition('ready_for_review', 'declined', 'borrower', NONE)).toEqual({ ok: false, reason: 'actor_not_allowed', actors: ['reviewer'] });
    expect(decideTransition('phone_code_sent', 'loan_terms', 'borrower', NONE)).toEqual({ ok: false, reason: 'guard_failed', guard: 'phoneConfirmed' });
  });

  it('allows a guarded move once its fact holds, and names the row used', () => {
    expect(decideTransition('phone_code_sent', 'loan_terms', 'system', ctx({ phoneConfirmed: true }))).toMatchObject({
      ok: true,
      event: 'verify_phone',
      when: 'phoneConfirmed',
    });
    expect(decideTransition('feedback_sent', 'bank_link', 'borrower', NONE)).toMatchObject({ ok: false, guard: 'feedbackAsksBankLink' });
    expect(decideTransition('feedback_sent', 'bank_link', 'borrower', ctx({ feedbackAsksBankLink: true }))).toMatchObject({
      ok: true,
      event: 'answer_feedback',
    });
  });

  it('reads a back move as go_back', () => {
    expect(decideTransition('employer', 'about_yourself', 'borrower', NONE)).toMatchObject({ ok: true, event: 'go_back' });
    expect(decideTransition('loan_terms', 'phone_verification', 'borrower', NONE)).toMatchObject({ ok: true, event: 'go_back' });
  });
});

describe('nextStatus: the generic advance', () => {
  it('walks the classic happy path from about_yourself to review', () => {
    const path: [WorkflowStatus, Partial<WorkflowContext>, WorkflowStatus][] = [
      ['about_yourself', {}, 'employer'],
      ['employer', {}, 'phone_verification'],
      ['phone_code_sent', { phoneConfirmed: true }, 'loan_terms'],
      ['loan_terms', {}, 'bank_link'],
      ['bank_link', {}, 'bank_input'],
      ['bank_input', {}, 'choosing_receiver_account'],
      ['bank_manual_input', {}, 'choosing_receiver_account'],
      ['choosing_receiver_account', {}, 'documents'],
      ['documents', {}, 'application_review'],
      ['pay_stub_uploaded', {}, 'application_review'],
      ['application_review', {}, 'ready_for_review'],
      ['document_review', {}, 'ready_for_review'],
    ];
    for (const [from, facts, to] of path) expect(nextStatus(from, ctx(facts)), from).toMatchObject({ ok: true, to, by: expect.arrayContaining(['borrower']) });
  });

  it('keeps the borrower on the phone step until the number is verified', () => {
    expect(nextStatus('phone_verification', NONE)).toEqual({ ok: false, reason: 'guard_failed', guard: 'phoneConfirmed' });
    expect(nextStatus('phone_code_sent', NONE)).toEqual({ ok: false, reason: 'guard_failed', guard: 'phoneConfirmed' });
    expect(nextStatus('phone_verification', ctx({ phoneConfirmed: true }))).toMatchObject({ ok: true, to: 'loan_terms' });
  });

  it('goes from bank_link to the linked accounts when the widget linked one, else to manual entry', () => {
    expect(nextStatus('bank_link', ctx({ bankLinked: true }))).toMatchObject({ to: 'choosing_receiver_account' });
    expect(nextStatus('bank_link', NONE)).toMatchObject({ to: 'bank_input' });
  });

  it('sends a bank change after a first submission straight back to review', () => {
    expect(nextStatus('choosing_receiver_account', ctx({ submittedBefore: true }))).toMatchObject({ to: 'ready_for_review' });
  });

  it('answers feedback to bank_link, review_allotment, or ready_for_review by default', () => {
    expect(nextStatus('feedback_sent', NONE)).toMatchObject({ to: 'ready_for_review' });
    expect(nextStatus('feedback_sent', ctx({ feedbackAsksBankLink: true }))).toMatchObject({ to: 'bank_link' });
    expect(nextStatus('feedback_sent', ctx({ feedbackAsksAllotment: true }))).toMatchObject({ to: 'review_allotment' });
  });

  it('moves the repayment, signature and refinance steps on', () => {
    expect(nextStatus('allotment_needed', NONE)).toMatchObject({ to: 'review_allotment' });
    expect(nextStatus('debit_card', NONE)).toMatchObject({ to: 'review_allotment' });
    expect(nextStatus('auto_debit_needed', NONE)).toMatchObject({ to: 'esignature_needed' });
    expect(nextStatus('esignature_needed', NONE)).toMatchObject({ to: 'application_submitted' });
    expect(nextStatus('loan_amount_changed', NONE)).toMatchObject({ to: 'ready_for_review' });
    expect(nextStatus('refinancing_application', NONE)).toMatchObject({ to: 'refinancing_loan_terms' });
    expect(nextStatus('refinancing_loan_terms', NONE)).toMatchObject({ to: 'refinancing_review' });
    expect(nextStatus('refinancing_review', NONE)).toMatchObject({ to: 'ready_for_review' });
    expect(nextStatus('refinancing_esignature', NONE)).toMatchObject({ to: 'application_submitted' });
  });

  it('has no advance where the borrower waits, chooses, or must confirm the e-mail', () => {
    const without = WORKFLOW_STATUSES.filter((s) => !ADVANCES[s]);
    expect(without.sort()).toEqual(
      // The new flow moves with its own step calls (POST /applicationflow/application_step), not the generic advance.
      [
        'email_confirmation',
        'select_repay_method',
        'ready_for_review',
        'review_application',
        'review_allotment',
        'application_submitted',
        'employer_review',
        'reconsider_declined',
        'approved',
        'declined',
        'denied',
        'dropped',
        'canceled',
        ...NEWFLOW_ONLY_STATUSES,
      ].sort(),
    );
    for (const s of without) expect(nextStatus(s, ctx({ phoneConfirmed: true, bankLinked: true }))).toEqual({ ok: false, reason: 'no_advance' });
  });

  it('only ever advances along a row the borrower may use', () => {
    for (const [from, options] of Object.entries(ADVANCES) as [WorkflowStatus, { to: WorkflowStatus }[]][]) {
      for (const o of options) expect(actorsFor(from, o.to), `${from} → ${o.to}`).toContain('borrower');
    }
  });
});

/** A history from a list of statuses visited in order, starting at sign-up. */
const walk = (...statuses: WorkflowStatus[]): HistoryEntry[] => statuses.map((to, i) => ({ from: i === 0 ? null : statuses[i - 1]!, to }));

const HAPPY = walk(
  'email_confirmation',
  'about_yourself',
  'employer',
  'phone_verification',
  'phone_code_sent',
  'loan_terms',
  'bank_link',
  'bank_input',
  'choosing_receiver_account',
  'documents',
  'pay_stub_uploaded',
  'driver_license_uploaded',
  'application_review',
);

describe('navigationStack', () => {
  it('is empty for no history and for a fresh e-mail sign-up', () => {
    expect(navigationStack([])).toEqual([]);
    expect(navigationStack(walk('email_confirmation'))).toEqual([]);
  });

  it('stacks the pages of the happy path, dropping phone_code_sent and folding uploads into the documents page', () => {
    expect(navigationStack(HAPPY)).toEqual([
      'about_yourself',
      'employer',
      'phone_verification',
      'loan_terms',
      'bank_link',
      'bank_input',
      'choosing_receiver_account',
      'driver_license_uploaded',
      'application_review',
    ]);
  });

  it('pops on a back move and pushes again on the next advance', () => {
    const back = [
      ...HAPPY,
      { from: 'application_review', to: 'driver_license_uploaded' },
      { from: 'driver_license_uploaded', to: 'choosing_receiver_account' },
    ] as HistoryEntry[];
    expect(navigationStack(back).slice(-2)).toEqual(['bank_input', 'choosing_receiver_account']);
    const again = [...back, { from: 'choosing_receiver_account', to: 'documents' }] as HistoryEntry[];
    expect(navigationStack(again).slice(-3)).toEqual(['bank_input', 'choosing_receiver_account', 'documents']);
  });

  it('goes back from loan terms to the phone page, not to phone_code_sent', () => {
    const h = walk('email_confirmation', 'about_yourself', 'employer', 'phone_verification', 'phone_code_sent', 'loan_terms', 'phone_verification');
    expect(navigationStack(h)).toEqual(['about_yourself', 'employer', 'phone_verification']);
  });

  it('keeps the phone page on top while a code is out or the number is edited', () => {
    expect(navigationStack(walk('about_yourself', 'employer', 'phone_verification', 'phone_code_sent', 'phone_verification', 'phone_code_sent'))).toEqual([
      'about_yourself',
      'employer',
      'phone_verification',
    ]);
  });

  it('empties when the application goes to review and restarts with the feedback pages', () => {
    const submitted = [...HAPPY, { from: 'application_review', to: 'ready_for_review' }] as HistoryEntry[];
    expect(navigationStack(submitted)).toEqual([]);
    const feedback = [
      ...submitted,
      { from: 'ready_for_review', to: 'feedback_sent' },
      { from: 'feedback_sent', to: 'bank_link' },
      { from: 'bank_link', to: 'bank_manually_insert' },
    ] as HistoryEntry[];
    // answer_feedback is not undone with the back button, so bank_link starts a new stack.
    expect(navigationStack(feedback)).toEqual(['bank_link', 'bank_manually_insert']);
  });

  it('starts with about_yourself for a social sign-up', () => {
    expect(navigationStack([{ from: null, to: 'about_yourself' }])).toEqual(['about_yourself']);
  });

  it('knows when the application was submitted before', () => {
    expect(wasSubmitted(HAPPY)).toBe(false);
    expect(wasSubmitted([...HAPPY, { from: 'application_review', to: 'ready_for_review' }])).toBe(true);
  });

  it('offers only allowed back moves, and keeps the current page on top, on any walk through the table', () => {
    const step = fc.nat();
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (choices) => {
        const history: HistoryEntry[] = [{ from: null, to: 'email_confirmation' }];
        let current: WorkflowStatus = 'email_confirmation';
        for (const c of choices) {
          const out = allowedTransitions(current);
          if (out.length === 0) break;
          const t = out[c % out.length]!;
          history.push({ from: current, to: t.to });
          current = t.to;
          const stack = navigationStack(history);
          const top = stack[stack.length - 1];
          if (current === 'phone_code_sent') expect(top).toBe('phone_verification');
          else if (STATUS_KIND[current] === 'step' && current !== 'refinancing_application' && current !== 'rate_check') expect(top).toBe(current);
          else expect(stack).toEqual([]);
          if (stack.length >= 2 && top === current) {
            expect(decideBorrowerMove(current, stack[stack.length - 2]!, NONE, history)).toMatchObject({ ok: true });
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('decideBorrowerMove', () => {
  it('allows a back move only to the page under the top of the stack', () => {
    expect(decideBorrowerMove('application_review', 'driver_license_uploaded', NONE, HAPPY)).toMatchObject({ ok: true, event: 'go_back' });
    expect(decideBorrowerMove('application_review', 'documents', NONE, HAPPY)).toEqual({
      ok: false,
      reason: 'not_previous_page',
      previous: 'driver_license_uploaded',
    });
  });

  it('lets forward moves through as the table allows them', () => {
    expect(decideBorrowerMove('bank_link', 'bank_manual_input', NONE, HAPPY)).toMatchObject({ ok: true, event: 'enter_bank_manually' });
    expect(decideBorrowerMove('select_repay_method', 'auto_debit_needed', NONE, [])).toMatchObject({ ok: true, event: 'choose_repay_method' });
    expect(decideBorrowerMove('ready_for_review', 'declined', NONE, [])).toMatchObject({ ok: false, reason: 'actor_not_allowed' });
    expect(decideBorrowerMove('ready_for_review', 'approved', NONE, [])).toEqual({ ok: false, reason: 'not_allowed' });
  });

  it('refuses a back move when the stack has nothing under the top', () => {
    expect(decideBorrowerMove('employer', 'about_yourself', NONE, [])).toEqual({ ok: false, reason: 'not_previous_page', previous: null });
  });
});

describe('the new flow', () => {
  const NF = ctx({ newFlow: true });
  const path: [WorkflowStatus, WorkflowStatus, Actor][] = [
    ['email_confirmation', 'job_info', 'system'],
    ['job_info', 'verify_employer', 'borrower'],
    ['verify_employer', 'personal_info', 'system'],
    ['personal_info', 'ssn_input', 'borrower'],
    ['ssn_input', 'rate_check', 'borrower'],
    ['rate_check', 'select_program', 'system'],
    ['select_program', 'split_direct_deposit', 'borrower'],
    ['split_direct_deposit', 'verify_bank_account', 'system'],
    ['verify_bank_account', 'additional_documents', 'borrower'],
    ['additional_documents', 'loan_offer', 'borrower'],
    ['loan_offer', 'password_creation', 'borrower'],
    ['password_creation', 'phone_validation', 'borrower'],
    ['application_submitted', 'approved', 'reviewer'],
    ['approved', 'esignature_needed', 'system'],
    ['esignature_needed', 'approved', 'system'],
  ];
  it('walks from the confirmed e-mail to the signed contract', () => {
    for (const [from, to, actor] of path) expect(decideTransition(from, to, actor, NF), `${from} → ${to}`).toMatchObject({ ok: true, to });
    expect(decideTransition('phone_validation', 'application_submitted', 'borrower', ctx({ newFlow: true, phoneConfirmed: true }))).toMatchObject({
      ok: true,
      event: 'submit_for_review',
    });
  });

  it('keeps its rows for new-flow applications only', () => {
    expect(decideTransition('email_confirmation', 'job_info', 'system', NONE)).toEqual({ ok: false, reason: 'guard_failed', guard: 'newFlow' });
    expect(decideTransition('approved', 'esignature_needed', 'system', NONE)).toMatchObject({ ok: false, guard: 'newFlow' });
    expect(decideTransition('esignature_needed', 'approved', 'system', NONE)).toMatchObject({ ok: false, guard: 'newFlow' });
    expect(decideTransition('denied', 'job_info', 'system', NONE)).toMatchObject({ ok: false, guard: 'newFlow' });
    expect(decideTransition('denied', 'job_info', 'system', NF)).toMatchObject({ ok: true, event: 'start_new_application' });
  });

  it('lets only the rate-check job decide, and never lets the borrower skip a step', () => {
    for (const to of ['select_program', 'denied', 'cant_proceed'] as const)
      expect(decideTransition('rate_check', to, 'borrower', NF)).toMatchObject({ ok: false, reason: 'actor_not_allowed' });
    expect(decideTransition('job_info', 'personal_info', 'borrower', NF)).toEqual({ ok: false, reason: 'not_allowed' });
    expect(decideTransition('ssn_input', 'select_program', 'borrower', NF)).toEqual({ ok: false, reason: 'not_allowed' });
    expect(decideTransition('phone_validation', 'application_submitted', 'borrower', NF)).toMatchObject({ ok: false, guard: 'phoneConfirmed' });
    expect(decideTransition('employer_under_review', 'personal_info', 'borrower', NF)).toMatchObject({
      ok: false,
      reason: 'actor_not_allowed',
      actors: ['reviewer'],
    });
  });

  it('stacks the pages with the back targets of the spec and empties at the rate check', () => {
    const h = walk('email_confirmation', 'job_info', 'verify_employer', 'verify_employer_manual', 'personal_info', 'ssn_input');
    expect(navigationStack(h)).toEqual(['job_info', 'verify_employer', 'verify_employer_manual', 'personal_info', 'ssn_input']);
    expect(decideBorrowerMove('ssn_input', 'personal_info', NF, h)).toMatchObject({ ok: true, event: 'go_back' });
    const after = walk('ssn_input', 'rate_check', 'select_program', 'verify_bank_account', 'additional_documents', 'loan_offer', 'password_creation');
    expect(navigationStack(after)).toEqual(['select_program', 'verify_bank_account', 'additional_documents', 'loan_offer', 'password_creation']);
    expect(navigationStack(walk('ssn_input', 'rate_check'))).toEqual([]);
    expect(decideBorrowerMove('password_creation', 'loan_offer', NF, after)).toMatchObject({ ok: true, event: 'go_back' });
    expect(decideBorrowerMove('select_program', 'rate_check', NF, after)).toMatchObject({ ok: false });
  });
});

describe('the graph', () => {
  const reachable = (start: WorkflowStatus): Set<WorkflowStatus> => {
    const seen = new Set<WorkflowStatus>([start]);
    const queue = [start];
    while (queue.length) {
      for (const t of allowedTransitions(queue.shift()!)) {
        if (seen.has(t.to)) continue;
        seen.add(t.to);
        queue.push(t.to);
      }
    }
    return seen;
  };

  it('reaches every status from sign-up', () => {
    expect(reachable('email_confirmation').size).toBe(WORKFLOW_STATUSES.length);
  });

  it('lets every status be left somehow (nothing is a dead end)', () => {
    for (const s of WORKFLOW_STATUSES) expect(allowedTransitions(s).length, s).toBeGreaterThan(0);
  });

  it('can reach approval from sign-up through borrower and reviewer moves only', () => {
    const path: WorkflowStatus[] = [
      'email_confirmation',
      'about_yourself',
      'employer',
      'phone_verification',
      'phone_code_sent',
      'loan_terms',
      'bank_link',
      'choosing_receiver_account',
      'documents',
      'application_review',
      'ready_for_review',
      'review_application',
      'select_repay_method',
      'auto_debit_needed',
      'esignature_needed',
      'application_submitted',
      'approved',
    ];
    for (let i = 1; i < path.length; i++) expect(canChangeTo(path[i - 1]!, path[i]!), `${path[i - 1]} → ${path[i]}`).toBe(true);
  });
});
