import { setupServer } from 'msw/node';

export const server = setupServer();

/** Matches a back-office path on any origin, e.g. bo('/login') → *\/api/backoffice/login. */
export const bo = (path: string) => `*/api/backoffice${path}`;
