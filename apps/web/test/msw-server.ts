import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** Matches a path under the /api base on any origin, e.g. api('/current_system_state'). */
export const api = (path: string) => `*/api${path}`;

/**
 * Background calls every page makes, answered the way the sandbox server does. Tests override them
 * with server.use() when they look at them; everything else must be declared by the test.
 */
export const defaultHandlers = [
  http.post(api('/visitor'), () => new HttpResponse(null, { status: 204 })),
  http.get(api('/captcha/config'), () => HttpResponse.json({ provider: 'sandbox', site_key: null })),
  http.get(api('/identity/config'), () => HttpResponse.json({ provider: 'sandbox', client_id: null })),
  // The signed-in shell's header and carousel, for a borrower with nothing new (tests about them override them).
  http.get(api('/notifications'), () => HttpResponse.json([])),
  http.get(api('/benefits'), () => HttpResponse.json({ level: 'zero', color: '#999999', read: true })),
  http.get(api('/banners'), () => HttpResponse.json([])),
  // The dashboard's loan widgets, for a borrower without loans (tests about loans override them).
  http.get(api('/loans/ongoing_loans'), () => HttpResponse.json({})),
  http.get(api('/loans/history'), () => HttpResponse.json({ loans: [] })),
  // Servicing's business date: the real date (UTC) unless staff moved the clock (tests about it override it).
  // Payment plans proposed for a loan: none (tests about plans override it).
  http.get(api('/dashboard/loans/:loanId/payment_plans'), () => HttpResponse.json({ plans: [] })),
  http.get(api('/business_date'), () => HttpResponse.json({ business_date: new Date().toISOString().slice(0, 10) })),
];

/** One MSW server for all web tests; each test adds its handlers with server.use(). */
export const server = setupServer(...defaultHandlers);
