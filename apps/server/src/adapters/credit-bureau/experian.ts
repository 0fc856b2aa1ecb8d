import { CreditBureauError, type CreditBureau, type CreditReport } from './port';

export type ExperianConfig = {
  /** https://sandbox-us-api.experian.com (test) or https://us-api.experian.com */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** Payrail's subscriber code at the bureau (the `requestor`). */
  subscriberCode: string;
};

/** The risk model asked for: VantageScore 4.0 (`V4`), scores 300–850; 9xxx are exclusion codes (no score). */
const RISK_MODEL = 'V4';
/** The credit-profile answer's informational message for "no record found". */
const NO_RECORD_MESSAGE = '07';
/** A file with fewer open or closed tradelines than this cannot be scored reliably (thin file). */
const MIN_TRADELINES = 1;
/** Refresh the OAuth token this long before the bureau says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** The key-factor texts of the reason codes the bureau sends (codes only); an unknown code keeps its number. */
const REASON_TEXTS: Record<string, string> = {
  '01': 'Amount owed on accounts is too high',
  '02': 'Level of delinquency on accounts',
  '03': 'Too few bank revolving accounts',
  '05': 'Too many accounts with balances',
  '08': 'Too many inquiries last 12 months',
  '10': 'Proportion of balances to credit limits on bank/national revolving or other revolving accounts is too high',
  '13': 'Time since delinquency is too recent or unknown',
  '14': 'Length of time accounts have been established',
  '18': 'Number of accounts with delinquency',
  '38': 'Serious delinquency, and public record or collection filed',
  '39': 'Serious delinquency',
  '40': 'Derogatory public record or collection filed',
};

type TokenAnswer = { access_token?: string; expires_in?: string | number; token_type?: string };
type ProfileAnswer = {
  creditProfile?: {
    riskModel?: { modelIndicator?: string; score?: string; scoreFactors?: { importance?: string; code?: string }[] }[];
    tradeline?: unknown[];
    informationalMessage?: { messageNumber?: string; messageText?: string }[];
    headerRecord?: { reportDate?: string; reportTime?: string }[];
  }[];
  errors?: { errorCode?: string; errorType?: string; message?: string }[];
};

/** MMDDYYYY from an ISO date (the bureau's date-of-birth format). */
function bureauDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new CreditBureauError('bad_request', 'date of birth must be YYYY-MM-DD');
  return `${m[2]}${m[3]}${m[1]}`;
}

/**
 * An Experian-style Credit Profile client behind the bureau port: an OAuth password-grant token (kept until
 * shortly before it expires, fetched again after a 401) and a soft-inquiry credit-report request with a
 * VantageScore 4 risk model. "No record found" is `no_hit`; a file without tradelines or with an exclusion
 * score (9xxx) is `thin_file`; otherwise the score, the tradeline count and the key factors (by importance).
 */
export function experianCreditBureau(config: ExperianConfig, fetchFn: typeof fetch = fetch, now: () => number = Date.now): CreditBureau {
  let token: { value: string; expiresAt: number } | null = null;

  async function post(path: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; json: unknown }> {
    let res: Response;
    try {
      res = await fetchFn(`${config.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (err) {
      throw new CreditBureauError('unavailable', err instanceof Error ? err.message : 'bureau unreachable');
    }
    const text = await res.text();
    try {
      return { status: res.status, json: text ? (JSON.parse(text) as unknown) : {} };
    } catch {
      throw new CreditBureauError('provider_error', `bureau answered HTTP ${res.status} without JSON`);
    }
  }

  async function accessToken(fresh: boolean): Promise<string> {
    if (!fresh && token && token.expiresAt - TOKEN_MARGIN_MS > now()) return token.value;
    const { status, json } = await post(
      '/oauth2/v1/token',
      { client_id: config.clientId, client_secret: config.clientSecret, grant_type: 'password' },
      { username: config.username, password: config.password },
    );
    const answer = json as TokenAnswer;
    if (status !== 200 || !answer.access_token) throw new CreditBureauError('auth_failed', `bureau token refused (HTTP ${status})`);
    const seconds = Number(answer.expires_in ?? 1800);
    token = { value: answer.access_token, expiresAt: now() + (Number.isFinite(seconds) ? seconds : 1800) * 1000 };
    return token.value;
  }

  return {
    provider: 'experian',
    async softPull(inquiry) {
      const body = {
        consumerPii: {
          primaryApplicant: {
            name: { firstName: inquiry.firstName, lastName: inquiry.lastName },
            dob: { dob: bureauDate(inquiry.dateOfBirth) },
            ssn: { ssn: inquiry.ssn.replace(/\D/g, '') },
            currentAddress: { line1: inquiry.address, city: inquiry.city, state: inquiry.state, zipCode: inquiry.zipCode },
          },
        },
        requestor: { subscriberCode: config.subscriberCode },
        // Soft inquiry for a consumer-initiated prescreen of credit terms.
        permissiblePurpose: { type: '3F' },
        addOns: { riskModels: { modelIndicator: [RISK_MODEL], scorePercentile: 'N' } },
      };
      let answer = await post('/consumerservices/credit-profile/v2/credit-report', { authorization: `Bearer ${await accessToken(false)}` }, body);
      if (answer.status === 401)
        answer = await post('/consumerservices/credit-profile/v2/credit-report', { authorization: `Bearer ${await accessToken(true)}` }, body);
      const profile = answer.json as ProfileAnswer;
      if (answer.status !== 200) {
        const message =
          profile.errors
            ?.map((e) => e.message)
            .filter(Boolean)
            .join('; ') || `HTTP ${answer.status}`;
        throw new CreditBureauError(answer.status === 400 ? 'bad_request' : 'provider_error', message);
      }
      const file = profile.creditProfile?.[0];
      const header = file?.headerRecord?.[0];
      const reference = `exp-${header?.reportDate ?? ''}${header?.reportTime ?? ''}`.replace(/-$/, '') || 'exp';
      if (!file || file.informationalMessage?.some((m) => m.messageNumber === NO_RECORD_MESSAGE)) return { status: 'no_hit', reference } satisfies CreditReport;
      const model = file.riskModel?.find((r) => r.modelIndicator === RISK_MODEL) ?? file.riskModel?.[0];
      const score = Number(model?.score ?? NaN);
      const tradelines = file.tradeline?.length ?? 0;
      if (!Number.isFinite(score) || score >= 9000 || score <= 0 || tradelines < MIN_TRADELINES)
        return { status: 'thin_file', reference } satisfies CreditReport;
      const reasonCodes = [...(model?.scoreFactors ?? [])]
        .filter((f): f is { importance?: string; code: string } => typeof f.code === 'string' && f.code.length > 0)
        .sort((a, b) => Number(a.importance ?? 99) - Number(b.importance ?? 99))
        .map((f) => ({ code: f.code, text: REASON_TEXTS[f.code] ?? `Credit bureau reason code ${f.code}` }));
      return { status: 'hit', score, tradelines, reasonCodes, reference } satisfies CreditReport;
    },
  };
}
