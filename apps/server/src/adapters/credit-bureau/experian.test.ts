import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { experianCreditBureau, type ExperianConfig } from './experian';
import type { CreditInquiry } from './port';

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> };
type Reply = { status: number; body: unknown };

/** A fake bureau on a local port: the OAuth token call and the credit-report call, answered per test. */
let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let tokenReplies: Reply[] = [];
let reportReplies: Reply[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {} });
      const queue = req.url === '/oauth2/v1/token' ? tokenReplies : req.url === '/consumerservices/credit-profile/v2/credit-report' ? reportReplies : [];
      const reply = queue.shift() ?? { status: 404, body: { errors: [{ message: 'no such path' }] } };
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
  tokenReplies = [];
  reportReplies = [];
});

const config = (): ExperianConfig => ({ baseUrl, clientId: 'cid', clientSecret: 'csecret', username: 'payrail', password: 'pw', subscriberCode: '2222222' });
const INQUIRY: CreditInquiry = {
  ssn: '123-45-6789',
  firstName: 'Ana',
  lastName: 'Cruz',
  dateOfBirth: '1990-04-12',
  address: '123 North Main Street',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
};
const token = (value: string, expiresIn = '1800'): Reply => ({
  status: 200,
  body: { issued_at: '1700000000000', expires_in: expiresIn, token_type: 'Bearer', access_token: value, refresh_token: 'r' },
});
const profile = (file: Record<string, unknown>): Reply => ({
  status: 200,
  body: { creditProfile: [{ headerRecord: [{ reportDate: '112526', reportTime: '170000' }], ...file }] },
});

describe('experianCreditBureau (against a fake bureau)', () => {
  it('gets an OAuth token, sends the soft inquiry and maps a scored file with its key factors by importance', async () => {
    tokenReplies.push(token('tok-1'));
    reportReplies.push(
      profile({
        riskModel: [
          {
            modelIndicator: 'V4',
            score: '0612',
            scoreFactors: [
              { importance: '2', code: '14' },
              { importance: '1', code: '10' },
              { importance: '3', code: '77' },
            ],
          },
        ],
        tradeline: [{}, {}, {}],
      }),
    );
    const report = await experianCreditBureau(config()).softPull(INQUIRY);
    expect(report).toEqual({
      status: 'hit',
      score: 612,
      tradelines: 3,
      reference: 'exp-112526170000',
      reasonCodes: [
        { code: '10', text: 'Proportion of balances to credit limits on bank/national revolving or other revolving accounts is too high' },
        { code: '14', text: 'Length of time accounts have been established' },
        { code: '77', text: 'Credit bureau reason code 77' },
      ],
    });
    const [tokenCall, reportCall] = seen;
    expect(tokenCall).toMatchObject({
      method: 'POST',
      url: '/oauth2/v1/token',
      headers: { client_id: 'cid', client_secret: 'csecret', grant_type: 'password' },
      body: { username: 'payrail', password: 'pw' },
    });
    expect(reportCall!.headers.authorization).toBe('Bearer tok-1');
    expect(reportCall!.body).toEqual({
      consumerPii: {
        primaryApplicant: {
          name: { firstName: 'Ana', lastName: 'Cruz' },
          dob: { dob: '04121990' },
          ssn: { ssn: '123456789' },
          currentAddress: { line1: '123 North Main Street', city: 'Springfield', state: 'IL', zipCode: '62701' },
        },
      },
      requestor: { subscriberCode: '2222222' },
      permissiblePurpose: { type: '3F' },
      addOns: { riskModels: { modelIndicator: ['V4'], scorePercentile: 'N' } },
    });
  });

  it('keeps the token until it nears expiry, and fetches a new one after a 401', async () => {
    let clock = 1_000_000;
    const bureau = experianCreditBureau(config(), fetch, () => clock);
    const scored = profile({ riskModel: [{ modelIndicator: 'V4', score: '0720', scoreFactors: [] }], tradeline: [{}] });
    tokenReplies.push(token('tok-a', '600'), token('tok-b', '600'), token('tok-c', '600'));
    reportReplies.push(scored, scored, { status: 401, body: { errors: [{ message: 'expired' }] } }, scored);
    await bureau.softPull(INQUIRY);
    await bureau.softPull(INQUIRY);
    expect(seen.filter((s) => s.url === '/oauth2/v1/token')).toHaveLength(1);
    clock += 600_000 - 30_000; // within the refresh margin
    await bureau.softPull(INQUIRY);
    const reports = seen.filter((s) => s.url.includes('credit-report')).map((s) => s.headers.authorization);
    expect(reports).toEqual(['Bearer tok-a', 'Bearer tok-a', 'Bearer tok-b', 'Bearer tok-c']);
  });

  it('answers no_hit for "no record found" and thin_file without tradelines or with an exclusion score', async () => {
    const bureau = experianCreditBureau(config());
    tokenReplies.push(token('tok'));
    reportReplies.push(
      profile({ informationalMessage: [{ messageNumber: '07', messageText: 'NO RECORD FOUND' }] }),
      profile({ riskModel: [{ modelIndicator: 'V4', score: '0700' }], tradeline: [] }),
      profile({ riskModel: [{ modelIndicator: 'V4', score: '9002' }], tradeline: [{}] }),
    );
    expect(await bureau.softPull(INQUIRY)).toEqual({ status: 'no_hit', reference: 'exp-112526170000' });
    expect(await bureau.softPull(INQUIRY)).toMatchObject({ status: 'thin_file' });
    expect(await bureau.softPull(INQUIRY)).toMatchObject({ status: 'thin_file' });
  });

  it('throws a CreditBureauError for a refused token, a refused request and an unreachable bureau', async () => {
    tokenReplies.push({ status: 401, body: { errors: [{ message: 'bad client' }] } });
    await expect(experianCreditBureau(config()).softPull(INQUIRY)).rejects.toMatchObject({ name: 'CreditBureauError', code: 'auth_failed' });
    tokenReplies.push(token('tok'));
    reportReplies.push({ status: 400, body: { errors: [{ errorCode: '1000', errorType: 'Validation', message: 'Invalid SSN' }] } });
    await expect(experianCreditBureau(config()).softPull(INQUIRY)).rejects.toMatchObject({ code: 'bad_request', message: 'Invalid SSN' });
    await expect(experianCreditBureau({ ...config(), baseUrl: 'http://127.0.0.1:1' }).softPull(INQUIRY)).rejects.toMatchObject({ code: 'unavailable' });
    await expect(experianCreditBureau(config()).softPull({ ...INQUIRY, dateOfBirth: '' })).rejects.toMatchObject({ code: 'bad_request' });
  });
});
