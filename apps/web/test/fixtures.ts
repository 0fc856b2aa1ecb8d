import { http, HttpResponse } from 'msw';
import type { TTokenIsValidResponse } from '@payrail/contract/identity';
import type { TDocument } from '@payrail/contract/documents';
import type { TEmployer } from '@payrail/contract/reference';
import { sessionAnswerFixture } from '@payrail/contract/fixtures';
import { sessionUserFrom } from '../src/features/session/api/get-session';
import { sessionStore } from '../src/lib/session-store';
import { api, server } from './msw-server';

/** A GET /token_is_valid answer; override what the test is about. */
export const sessionAnswer = (overrides: Partial<TTokenIsValidResponse> = {}): TTokenIsValidResponse => sessionAnswerFixture(overrides);

/** A signed-in borrower: token and account stored, the session check answering the same account. */
export function signInAs(overrides: Partial<TTokenIsValidResponse> = {}, token = 'session-token') {
  const answer = sessionAnswer(overrides);
  sessionStore.setToken(token);
  sessionStore.setUser(sessionUserFrom(answer));
  server.use(http.get(api('/token_is_valid'), () => HttpResponse.json(answer)));
  return answer;
}

export const STATES = [
  { id: 1, name: 'Alabama', abbreviation: 'AL', is_available: true },
  { id: 4, name: 'Arkansas', abbreviation: 'AR', is_available: false },
  { id: 8, name: 'Delaware', abbreviation: 'DE', is_available: true },
];

export const statesHandler = () => http.get(api('/states'), () => HttpResponse.json(STATES));

export const agreementHandler = () =>
  http.get(api('/agreement_document'), ({ request }) => {
    const name = new URL(request.url).searchParams.get('agreement') ?? 'privacy_notice';
    return HttpResponse.json({
      id: 2,
      name,
      title: name,
      version: '1',
      state_abbreviation: null,
      file_url: `/api/agreement_documents/${name}/view`,
      pdf_url: `/api/agreement_documents/${name}/pdf`,
      body_html: '<p>Text</p>',
    });
  });

export const captchaOk = () => http.post(api('/captcha'), () => HttpResponse.json({ success: true }));

/** The navigation stack answer for a borrower in `status`. */
export const navigationStackHandler = (status: string, stack: string[] = [status]) =>
  http.get(api('/workflow/navigation_stack'), () => HttpResponse.json({ navigation_stack: stack, current_status: status }));

/** A stored file as GET /documents answers it (`{type}.pdf`, 1,200 bytes); override what the test is about. */
export const documentFile = (id: number, type: string, overrides: Partial<TDocument> = {}): TDocument => ({
  id,
  file_name: `${type}.pdf`,
  file_url: `/api/documents/${id}`,
  file_size: 1200,
  file_extension: 'pdf',
  document_type_name: type as TDocument['document_type_name'],
  ...overrides,
});

/** GET /documents?document_type_name=…: `files[type]` stored files of each type (none when absent). */
export const documentsHandler = (files: Record<string, number>) =>
  http.get(api('/documents'), ({ request }) => {
    const type = new URL(request.url).searchParams.get('document_type_name') ?? '';
    return HttpResponse.json(Array.from({ length: files[type] ?? 0 }, (_, index) => documentFile(index + 1, type)));
  });

/** An employer as GET /employers/:id answers it: the Department of Veterans Affairs (federal, allotment, no payroll portal nor pay-stub help); override what the test is about. */
export const employerFixture = (overrides: Partial<TEmployer> = {}): TEmployer => ({
  id: 3,
  name: 'Department of Veterans Affairs',
  logo_link: '/api/employers/3/logo.svg',
  employer_type: 'federal',
  partnership: null,
  payment_type: 'allotment',
  pay_frequency: 'biweekly',
  payroll_portal: null,
  pay_stub_help: '',
  video_url: null,
  argyle_id: null,
  multiple_paycheck: false,
  payroll_service: null,
  is_other: false,
  ...overrides,
});
