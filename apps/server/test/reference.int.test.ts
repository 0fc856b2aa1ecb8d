import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerAtEmployer } from './application-helpers';
import { auth } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

describe('GET /api/states', () => {
  it('lists the 50 states and DC with availability', async () => {
    const res = await app.inject('/api/states');
    expect(res.statusCode).toBe(200);
    const states = res.json<{ id: number; name: string; abbreviation: string; is_available: boolean }[]>();
    expect(states).toHaveLength(51);
    expect(states.find((s) => s.abbreviation === 'DC')).toMatchObject({ name: 'District of Columbia' });
    expect(states.some((s) => s.is_available)).toBe(true);
    expect(states.some((s) => !s.is_available)).toBe(true);
  });
});

describe('GET /api/loan_purposes', () => {
  it('answers the eight purposes of the spec in order', async () => {
    const res = await app.inject('/api/loan_purposes');
    expect(res.json<{ name: string }[]>().map((p) => p.name)).toEqual([
      'Major Purchase',
      'Debit Consolidation',
      'Home Improvements',
      'Payoff Credit Cards',
      'Emergency Cash',
      'Rental Deposits',
      'Vacations',
      'Other',
    ]);
  });
});

describe('GET /api/employers', () => {
  it('finds the postal employer from three characters', async () => {
    const res = await app.inject('/api/employers?search=pos');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ name: string; employer_type: string; logo_link: string }[]>();
    expect(list.some((e) => e.employer_type === 'postal' && /postal/i.test(e.name))).toBe(true);
  });

  it('answers an empty list below three characters', async () => {
    for (const q of ['po', '', 'p']) {
      const res = await app.inject(`/api/employers?search=${q}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
    expect((await app.inject('/api/employers')).json()).toEqual([]);
  });

  it('treats LIKE wildcards as text', async () => {
    expect((await app.inject('/api/employers?search=%25%25%25')).json()).toEqual([]);
    expect((await app.inject('/api/employers?search=___')).json()).toEqual([]);
  });

  it('covers every employer variant of the spec', async () => {
    const all = new Map<number, Record<string, unknown>>();
    for (const q of ['department', 'service', 'partners', 'health', 'county', 'logistics', 'school', 'postal', 'admin', 'agency', 'bureau', 'center']) {
      for (const e of (await app.inject(`/api/employers?search=${q}`)).json<Record<string, unknown>[]>()) all.set(e.id as number, e);
    }
    const rows = [...all.values()];
    expect(rows.some((e) => e.employer_type === 'federal' && e.payment_type === 'allotment')).toBe(true);
    expect(rows.some((e) => e.employer_type === 'postal')).toBe(true);
    expect(rows.some((e) => e.partnership === 'b2b_partner')).toBe(true);
    expect(rows.some((e) => e.payment_type === 'split_direct_deposit' && e.partnership === null)).toBe(true);
  });

  it('answers one employer by id with its logo, and 404 for an unknown id', async () => {
    const [first] = (await app.inject('/api/employers?search=pos')).json<{ id: number; logo_link: string }[]>();
    const one = await app.inject(`/api/employers/${first!.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: first!.id });
    const logo = await app.inject(first!.logo_link);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.body).toContain('<svg');
    expect((await app.inject('/api/employers/999999')).statusCode).toBe(404);
    const bad = await app.inject('/api/employers/abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toHaveProperty('errors.id');
  });
});

describe('agreement documents', () => {
  it('serves each consent the sign-up screen links, readable as HTML and PDF', async () => {
    for (const name of ['privacy_notice', 'consent_eletronic_comunications', 'consent_text_messaging', 'auto_debit_disclosure', 'terms_of_use']) {
      const res = await app.inject(`/api/agreement_document?agreement=${name}`);
      expect(res.statusCode, name).toBe(200);
      const doc = res.json<{ name: string; title: string; body_html: string; file_url: string; pdf_url: string }>();
      expect(doc.name).toBe(name);
      expect(doc.body_html).toContain('<h2>');
      const page = await app.inject(doc.file_url);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(`<title>`);
      const pdf = await app.inject(doc.pdf_url);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('rejects an unknown agreement name with a field error', async () => {
    const res = await app.inject('/api/agreement_document?agreement=nope');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { agreement: [expect.any(String)] } });
  });

  it('lists documents by type', async () => {
    const res = await app.inject('/api/agreement_documents?document_type_name=privacy_notice');
    expect(res.statusCode).toBe(200);
    expect(res.json<unknown[]>().length).toBeGreaterThanOrEqual(1);
  });

  it('gives the loan-eligibility consent of an available state only', async () => {
    const states = (await app.inject('/api/states')).json<{ id: number; abbreviation: string; is_available: boolean }[]>();
    const open = states.find((s) => s.is_available)!;
    const closed = states.find((s) => !s.is_available)!;
    const ok = await app.inject(`/api/consent_for_loan_eligibility?state=${open.abbreviation}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'consent_for_loan_eligibility', state_abbreviation: open.abbreviation });
    const byId = await app.inject(`/api/consent_for_loan_eligibility?state=${open.id}`);
    expect(byId.json()).toMatchObject({ state_abbreviation: open.abbreviation });
    expect((await app.inject(`/api/consent_for_loan_eligibility?state=${closed.abbreviation}`)).statusCode).toBe(404);
    expect((await app.inject('/api/consent_for_loan_eligibility')).statusCode).toBe(422);
    expect((await app.inject('/api/consent_for_loan_eligibility?state=ZZ')).json()).toEqual({ errors: { state: ['is not a valid state'] } });
  });
});

describe('GET /api/employers/{id} of a typed-in employer', () => {
  it('shows it to its author only; to anyone else it does not exist', async () => {
    const author = await borrowerAtEmployer(app);
    const other = await borrowerAtEmployer(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/employers',
      headers: auth(author.token),
      payload: { employer: { name: 'Private Clinic of Jordan', paymentFrequency: 'Monthly', paymentDate: '2026-11-01' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ employer_id: number }>().employer_id;

    const mine = await app.inject({ url: `/api/employers/${id}`, headers: auth(author.token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id, name: 'Private Clinic of Jordan' });
    for (const headers of [{}, auth(other.token), { authorization: 'Bearer expired-or-forged' }]) {
      for (const url of [`/api/employers/${id}`, `/api/employers/${id}/logo.svg`]) {
        const res = await app.inject({ url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('Jordan');
      }
    }
  });
});
