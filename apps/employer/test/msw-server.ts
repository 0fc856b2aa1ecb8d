import { setupServer } from 'msw/node';

/** Matches an employer-portal path on any origin, e.g. ep('/login') → *\/api/employer_portal/login. */
export const ep = (path: string) => `*/api/employer_portal${path}`;

export const server = setupServer();
