import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** Matches a back-office path on any origin, e.g. bo('/login') → *\/api/backoffice/login. */
export const bo = (path: string) => `*/api/backoffice${path}`;
/** Matches a public API path, e.g. api('/states') → *\/api/states. */
export const api = (path: string) => `*/api${path}`;

/** Reference data every signed-in page may ask for; tests override what they check. */
export const defaultHandlers = [
  http.get(api('/states'), () => HttpResponse.json([])),
  http.get(api('/employers'), () => HttpResponse.json([])),
  http.get(bo('/applications'), () => HttpResponse.json({ items: [], page: 1, per_page: 25, total: 0 })),
];

export const server = setupServer(...defaultHandlers);
