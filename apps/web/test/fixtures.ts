import { http, HttpResponse } from 'msw';
import type { TTokenIsValidResponse } from '@payrail/contract/identity';
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
