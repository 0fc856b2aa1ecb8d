import { expect, type APIRequestContext } from '@playwright/test';

export const DEMO_PASSWORD = 'Payrail-demo-1';

/** Signs a demo staff member in through the API and answers the session token. */
export async function staffToken(request: APIRequestContext, email = 'admin@payrail.test'): Promise<string> {
  const res = await request.post('/api/backoffice/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return res.headers()['authorization']!;
}
