import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import { APPLICATION_MSG } from '@payrail/contract/application';
import { ESIGN_MSG } from '@payrail/contract/esignature';
import { BANK_MSG } from '@payrail/contract/banking';
import { formatAprForDisclosure } from '@payrail/domain/loan/apr';
import { quoteLoan } from '@payrail/domain/loan/disclosure';
import { parseIsoDate } from '@payrail/domain/dates';
import { cents } from '@payrail/domain/money';
import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esignatures, userAgreements } from '../src/db/schema/index';
import { chooseTerms, employerId, get, memberAt, post, setNames } from './banking-helpers';
import { pdfText } from './pdf-text';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
let dataDir: string;
const NOW = new Date('2026-03-10T15:00:00Z');
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-esign-'));
  app = await testApp({ config: { dataDir }, now: () => NOW });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const stepRefusal = (status: string) => ({ error: BANK_MSG.stepNotAvailable(status), current_status: status });

/** The figures the note carries in its keywords (`apr=27.47` …). */
function keywords(pdf: PDFDocument): Record<string, string> {
  return Object.fromEntries(
    (pdf.getKeywords() ?? '')
      .split(/\s+/)
      .filter((k) => k.includes('='))
      .map((k) => k.split('=') as [string, string]),
  );
}

async function signer(status: WorkflowStatus = 'esignature_needed', o: { employer?: string } = {}) {
  const m = await memberAt(app, status);
  await setNames(app, m.id, 'Jordan', 'Rivera', o.employer ? await employerId(app, o.employer) : undefined);
  await chooseTerms(app, m.id, NOW);
  return m;
}

const fetchNote = async (token: string, id: number) => {
  const res = await get(app, token, `/api/borrower_agreement_documents/${id}`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return { bytes: res.rawPayload, pdf: await PDFDocument.load(res.rawPayload) };
};

describe('GET /api/esignature', () => {
  it('answers the engine figures of the chosen terms, the agreements in order, and the signature preview', async () => {
    const { token } = await signer();
    const res = await get(app, token, '/api/esignature');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.signature).toEqual({ full_name: 'Jordan Rivera', font_size: 38 });
    expect(body.signed).toBeNull();
    expect(body.agreements.map((a: { name: string }) => a.name)).toEqual([
      'promissory_note_terms',
      'consent_text_messaging',
      'consent_eletronic_comunications',
      'privacy_notice',
      'consent_for_loan_eligibility',
    ]);
    for (const a of body.agreements) expect(a.file_url).toBe(`/api/borrower_agreement_documents/${a.id}`);
    // Sign-up accepted the privacy notice and e-communications consent already.
    expect(
      body.agreements
        .filter((a: { accepted: boolean }) => a.accepted)
        .map((a: { name: string }) => a.name)
        .sort(),
    ).toEqual(['consent_eletronic_comunications', 'privacy_notice']);

    const t = body.loan_terms;
    const quote = quoteLoan({
      amountCents: cents(t.amount_cents),
      originationFeeCents: cents(t.fee_cents),
      feeFinanced: t.fee_financed,
      annualRatePercent: t.interest_rate,
      frequency: t.term_frequency,
      numberOfPayments: t.number_of_payments,
      disbursementDate: parseIsoDate(t.disbursement_date),
      firstPaymentDate: parseIsoDate(t.first_payment_date),
    });
    expect(t.apr).toBe(formatAprForDisclosure(quote.disclosure.aprPercent));
    expect(t.apr).toMatch(/^\d+\.\d{2}$/);
    expect(t.finance_charge_cents).toBe(quote.disclosure.financeChargeCents);
    expect(t.amount_financed_cents).toBe(quote.disclosure.amountFinancedCents);
    expect(t.total_of_payments_cents).toBe(quote.disclosure.totalOfPaymentsCents);
    expect(t.total_of_payments_cents).toBe(t.amount_financed_cents + t.finance_charge_cents);
    expect(t.schedule).toHaveLength(t.number_of_payments);
    expect(t.schedule[0]).toMatchObject({ n: 1, due_date: t.first_payment_date, payment_cents: t.payment_per_term_cents });
  });

  it('adds the partner payroll authorization for a b2b employer', async () => {
    const { token } = await signer('esignature_needed', { employer: 'Brightline Logistics' });
    const names = (await get(app, token, '/api/esignature')).json().agreements.map((a: { name: string }) => a.name);
    expect(names.slice(0, 2)).toEqual(['promissory_note_terms', 'partner_payroll_authorization']);
  });

  it('answers "choose your loan terms first" (422) while no terms are chosen and no program can price them', async () => {
    const { token, id } = await memberAt(app, 'esignature_needed');
    await setNames(app, id, 'Jordan', 'Rivera');
    const res = await get(app, token, '/api/esignature');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: APPLICATION_MSG.termsNotChosen });
  });

  it('reads the terms the member chose on the application row', async () => {
    const { token, id } = await signer();
    const application = await app.ctx.repos.application.ensureActiveApplication(id, NOW);
    await app.ctx.repos.application.updateApplication(
      application.id,
      {
        amountCents: cents(200_000),
        feeAmountCents: cents(6_000),
        feeFinanced: false,
        feeLabel: 'origination fee',
        interestRate: '19.99',
        termFrequency: 'monthly',
        numberOfPayments: 18,
        disbursementDate: parseIsoDate('2026-03-11'),
        firstPaymentDate: parseIsoDate('2026-04-11'),
      },
      NOW,
    );
    const t = (await get(app, token, '/api/esignature')).json().loan_terms;
    expect(t).toMatchObject({
      source: 'application',
      amount_cents: 200_000,
      fee_cents: 6_000,
      amount_financed_cents: 194_000,
      number_of_payments: 18,
      term_frequency: 'monthly',
    });
    const quote = quoteLoan({
      amountCents: cents(200_000),
      originationFeeCents: cents(6_000),
      feeFinanced: false,
      annualRatePercent: '19.99',
      frequency: 'monthly',
      numberOfPayments: 18,
      disbursementDate: parseIsoDate('2026-03-11'),
      firstPaymentDate: parseIsoDate('2026-04-11'),
    });
    expect(t.apr).toBe(formatAprForDisclosure(quote.disclosure.aprPercent));
    expect(t.finance_charge_cents).toBe(quote.disclosure.financeChargeCents);
  });
});

describe('the promissory note', () => {
  it('is the UNSIGNED note with the engine figures while signing', async () => {
    const { token } = await signer();
    const page = (await get(app, token, '/api/esignature')).json();
    const note = page.agreements[0];
    const { pdf } = await fetchNote(token, note.id);
    const k = keywords(pdf);
    const t = page.loan_terms;
    expect(k).toMatchObject({
      apr: t.apr,
      finance_charge_cents: String(t.finance_charge_cents),
      amount_financed_cents: String(t.amount_financed_cents),
      total_of_payments_cents: String(t.total_of_payments_cents),
      number_of_payments: String(t.number_of_payments),
      signed: 'false',
    });
    const text = pdfText(pdf);
    expect(text).toContain('ANNUAL PERCENTAGE RATE');
    expect(text).toContain(`${t.apr}%`);
    expect(text).toContain('Payment schedule');
    expect(text).toContain('Not signed.');
    expect(text).not.toContain('Signed electronically');
    // The whole schedule: the last row's balance is zero.
    expect(text).toContain(String(t.number_of_payments));
    expect(text).toContain('Promise to pay');
  });

  it('other agreements are the plain document; an unknown id is 404', async () => {
    const { token } = await signer();
    const privacy = (await get(app, token, '/api/esignature')).json().agreements.find((a: { name: string }) => a.name === 'privacy_notice');
    const { pdf } = await fetchNote(token, privacy.id);
    expect(pdf.getTitle()).toMatch(/Privacy/i);
    const missing = await get(app, token, '/api/borrower_agreement_documents/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: ESIGN_MSG.notFound });
  });
});

describe('POST /api/esignature/sign', () => {
  it('refuses a name that is not the member full name, and moves nothing', async () => {
    const { token, id } = await signer();
    for (const name of ['Jordan', 'Jordan Riviera', 'Rivera Jordan']) {
      const res = await post(app, token, '/api/esignature/sign', { signature_name: name });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { signature_name: [ESIGN_MSG.nameMismatch] } });
    }
    expect((await post(app, token, '/api/esignature/sign', { signature_name: '  ' })).statusCode).toBe(422);
    expect(await app.ctx.repos.workflow.currentStatus(id)).toBe('esignature_needed');
    expect(await app.ctx.database.db.select().from(esignatures).where(eq(esignatures.userId, id))).toHaveLength(0);
  });

  it('signs: stamps the name, stores the PDF sealed with its SHA-256 and audit trail, records every agreement, submits', async () => {
    const { token, id } = await signer();
    const page = (await get(app, token, '/api/esignature')).json();
    const res = await app.inject({
      method: 'POST',
      url: '/api/esignature/sign',
      headers: { authorization: token, 'user-agent': 'vitest-esign' },
      remoteAddress: '10.20.30.40',
      payload: { signature_name: '  jordan   RIVERA ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ new_status: 'application_submitted', workflow_status: { next_status: 'application_submitted' } });
    expect(body.document).toEqual({
      id: page.agreements[0].id,
      file_url: page.agreements[0].file_url,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      signed_at: NOW.toISOString(),
    });
    expect(await app.ctx.repos.workflow.currentStatus(id)).toBe('application_submitted');

    const [audit] = await app.ctx.database.db.select().from(esignatures).where(eq(esignatures.userId, id));
    expect(audit).toMatchObject({
      signatureName: 'jordan RIVERA',
      signedInStatus: 'esignature_needed',
      ip: '10.20.30.40',
      userAgent: 'vitest-esign',
      signedAt: NOW,
      sha256: body.document.sha256,
    });
    expect(audit!.figures).toMatchObject({ apr: page.loan_terms.apr, finance_charge_cents: page.loan_terms.finance_charge_cents });

    // The member's copy is now the signed one, and its bytes are the ones hashed.
    const { bytes, pdf } = await fetchNote(token, page.agreements[0].id);
    expect(sha256(bytes)).toBe(audit!.sha256);
    expect(bytes.length).toBe(audit!.byteSize);
    expect(keywords(pdf)).toMatchObject({ apr: page.loan_terms.apr, total_of_payments_cents: String(page.loan_terms.total_of_payments_cents), signed: 'true' });
    const text = pdfText(pdf);
    expect(text).toContain('Jordan Rivera');
    expect(text).toContain(`Signed electronically by Jordan Rivera on ${NOW.toISOString()} from IP address 10.20.30.40.`);
    expect(text).toContain(`${page.loan_terms.apr}%`);

    // Stored sealed: the file on disk is not a readable PDF.
    const onDisk = fs.readFileSync(path.join(dataDir, 'files', audit!.storageKey));
    expect(onDisk.includes(Buffer.from('%PDF'))).toBe(false);
    expect(onDisk.length).toBe(audit!.byteSize + 33); // version 1 + key id 4 + IV 12 + tag 16

    const accepted = (await app.ctx.database.db.select().from(userAgreements).where(eq(userAgreements.userId, id))).map((a) => a.agreementDocumentId);
    for (const a of page.agreements) expect(accepted).toContain(a.id);
    expect((await get(app, token, '/api/esignature')).json().signed).toEqual({ signed_at: NOW.toISOString(), sha256: audit!.sha256 });

    // Signing twice is refused by the machine's status.
    expect((await post(app, token, '/api/esignature/sign', { signature_name: 'Jordan Rivera' })).json()).toEqual(stepRefusal('application_submitted'));
  });

  it('signs a refinance from refinancing_esignature too', async () => {
    const { token } = await signer('refinancing_esignature');
    const res = await post(app, token, '/api/esignature/sign', { signature_name: 'Jordan Rivera' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().new_status).toBe('application_submitted');
  });

  it('is refused outside the e-signature statuses and without a name on the profile', async () => {
    const early = await signer('auto_debit_needed');
    expect((await post(app, early.token, '/api/esignature/sign', { signature_name: 'Jordan Rivera' })).json()).toEqual(stepRefusal('auto_debit_needed'));
    const nameless = await memberAt(app, 'esignature_needed');
    const res = await post(app, nameless.token, '/api/esignature/sign', { signature_name: 'Jordan Rivera' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: ESIGN_MSG.noFullName });
  });

  it('a long name is drawn smaller', async () => {
    const { token, id } = await memberAt(app, 'esignature_needed');
    await setNames(app, id, 'Maria Guadalupe', 'Hernandez-Villanueva de la Cruz');
    await chooseTerms(app, id, NOW);
    expect((await get(app, token, '/api/esignature')).json().signature).toEqual({
      full_name: 'Maria Guadalupe Hernandez-Villanueva de la Cruz',
      font_size: 16,
    });
  });
});

describe('agreements', () => {
  it('POST /agreements records an agreement by id; POST /borrower_agreement_documents by name (the member state)', async () => {
    const { token, id } = await signer();
    const page = (await get(app, token, '/api/esignature')).json();
    const note = page.agreements[0];
    const byId = await post(app, token, '/api/agreements', { agreements: { id: note.id } });
    expect(byId.statusCode).toBe(201);
    expect(byId.json()).toEqual({ ok: true, agreement: { id: note.id, name: 'promissory_note_terms', accepted_at: NOW.toISOString() } });
    const eligibility = page.agreements.find((a: { name: string }) => a.name === 'consent_for_loan_eligibility');
    const byName = await post(app, token, '/api/borrower_agreement_documents?agreement=consent_for_loan_eligibility');
    expect(byName.statusCode).toBe(201);
    expect(byName.json().agreement).toMatchObject({ id: eligibility.id, name: 'consent_for_loan_eligibility' });
    const texting = await post(app, token, '/api/borrower_agreement_documents?agreement=consent_text_messaging');
    expect(texting.statusCode).toBe(201);
    const accepted = (await app.ctx.database.db.select().from(userAgreements).where(eq(userAgreements.userId, id))).map((a) => a.agreementDocumentId);
    expect(accepted).toEqual(expect.arrayContaining([note.id, eligibility.id, texting.json().agreement.id]));
    expect((await get(app, token, '/api/esignature')).json().agreements.every((a: { accepted: boolean }) => a.accepted)).toBe(true);

    expect((await post(app, token, '/api/agreements', { agreements: { id: 999999 } })).statusCode).toBe(404);
    expect((await post(app, token, '/api/borrower_agreement_documents?agreement=nope')).statusCode).toBe(404);
    expect((await post(app, null, '/api/agreements', { agreements: { id: note.id } })).statusCode).toBe(401);
  });
});
