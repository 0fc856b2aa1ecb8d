import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController, type RouteOptions } from 'fastify';
import os from 'node:os';
import helmet from 'helmet';
import pino from 'pino';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type AppContext, createContext } from './context';
import type { Database } from './db/client';
import { registerErrorHandler, registerNotFound } from './http/error-handler';
import { registerInputGuard } from './http/input-guard';
import { registerBorrowerSession } from './http/borrower-session';
import { registerKeptMemberAnswers } from './http/kept-member-answers';
import { createSerializerCompiler } from './http/serializer';
import { securityHeadersHook, staticSecurityHeaders } from './http/security-headers';
import { createRateLimitCounter, rateLimitStore } from './http/rate-limit-store';
import { registerSpas } from './http/spa';
import { registerMetrics } from './http/metrics';
import { acceptMultipartBodies } from './http/multipart';
import { registerTracing } from './http/tracing';
import { createTracing, type Tracing } from './lib/tracing';
import { registerStaffGuard } from './modules/staff/staff-guard';
import { registerEmployerGuard } from './modules/employer-portal/employer-guard';
import { employerAuthRoutes } from './modules/employer-portal/auth-routes';
import { employerBackofficeRoutes } from './modules/employer-portal/backoffice-routes';
import { employerRemittanceBackofficeRoutes, employerRemittanceRoutes } from './modules/employer-portal/remittances-routes';
import { employerVerificationBackofficeRoutes, employerVerificationRoutes } from './modules/employer-portal/verifications-routes';
import { deductionsBackofficeRoutes, deductionsRoutes } from './modules/employer-portal/deductions-routes';
import { seedDemoEmployer } from './db/seed-demo-employer';
import { seedDemoEmployerAdmin } from './db/seed-demo-employer-admin';
import { redactUrl } from './lib/redact-url';
import { lazyChildLoggerFactory } from './lib/request-logger';
import { logDestination } from './lib/log-destination';
import { bankingRoutes } from './modules/banking/routes';
import { documentRoutes } from './modules/documents/routes';
import { esignatureRoutes } from './modules/esignature/routes';
import { addressRoutes } from './modules/address/routes';
import { walletRoutes } from './modules/wallet/routes';
import { engagementRoutes } from './modules/engagement/routes';
import { identityBackofficeRoutes } from './modules/identity/backoffice-routes';
import { phoneRoutes } from './modules/identity/phone-routes';
import { identityRoutes } from './modules/identity/routes';
import { platformRoutes } from './modules/platform/routes';
import { systemEventRoutes } from './modules/backoffice/system-event-routes';
import { referenceRoutes } from './modules/reference/routes';
import { staffRoutes } from './modules/staff/routes';
import { workflowRoutes } from './modules/workflow/routes';
import { newflowRoutes } from './modules/newflow/routes';
import { applicationRoutes } from './modules/application/routes';
import { employmentRoutes } from './modules/employment/routes';
import { loanTermsRoutes } from './modules/loan-terms/routes';
import { reviewBackofficeRoutes } from './modules/review/backoffice-routes';
import { backofficeRoutes } from './modules/backoffice/routes';
import { seedDemoApplications } from './db/seed-demo-applications';
import { servicingBorrowerRoutes } from './modules/loan-book/borrower-routes';
import { servicingRoutes } from './modules/loan-book/routes';
import { referralBackofficeRoutes, referralRoutes } from './modules/referral/routes';
import { careBackofficeRoutes, careRoutes } from './modules/care/routes';
import { hardshipBackofficeRoutes, hardshipRoutes } from './modules/hardship/routes';
import { creditReportingBackofficeRoutes } from './modules/credit-reporting/routes';
import { collectionsDeskRoutes } from './modules/collections/routes';
import { statementBackofficeRoutes, statementRoutes } from './modules/statements/routes';
import { paymentPlanBackofficeRoutes, paymentPlanRoutes } from './modules/loan-book/payment-plan-routes';
import { refinanceRoutes } from './modules/refinance/routes';
import { collectionsRoutes } from './modules/loan-book/servicing-desk-routes';
import { borrowerToolsBackofficeRoutes } from './modules/borrower-tools/backoffice-routes';
import { borrowerToolsRoutes } from './modules/borrower-tools/routes';
import { reviewRoutes } from './modules/review/routes';
import { profileRoutes } from './modules/profile/routes';
import { portfolioBackofficeRoutes } from './modules/portfolio/routes';
import { defineQueues } from './jobs/queues';
import { jobsBackofficeRoutes } from './jobs/routes';

/** Paths that answer even while a system event makes the borrower API unavailable. */
const ALWAYS_OPEN = [
  '/api/health',
  '/api/current_system_state',
  '/api/backoffice/',
  '/api/dev/',
  '/api/agreement_document',
  '/api/openapi.json',
  '/api/docs',
  '/api/ready',
  '/api/employer_portal/',
];

/** Never log these: credentials, tokens, SSNs, bank account numbers. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers.authorization',
  '*.password',
  '*.password_confirmation',
  '*.social_security_number',
  '*.bank_account_number',
  '*.account_number',
  '*.routing_number',
  '*.token',
  '*.google_token',
  '*.reset_password_token',
  '*.confirmation_token',
  'body.application_member.password',
  'body.application_member.password_confirmation',
  'body.application_member.google_token',
  'body.application_member.reset_password_token',
  'body.phone.code',
  'body.loan_borrower.social_security_number',
  'body.loan_borrower.social_security_number_confirmation',
  'body.loan_borrower.driver_license_number',
  'body.bank_information.bank_account_number',
  'body.number',
  'body.cvc',
  '*.card_number',
  '*.public_token',
  '*.access_token',
];

declare module 'fastify' {
  interface FastifyInstance {
    /** The application context, for tests and scripts that need a repository or provider directly. */
    ctx: AppContext;
    /** Every route as registered (method, url, schemas, config): the input fuzz test walks it. */
    routeTable: readonly RouteOptions[];
  }
}

/** CSP additions for the third-party scripts that are switched on. */
function cspSources(config: Config): { script: string[]; connect: string[]; frame: string[] } {
  const out = { script: [...config.cspExtraScriptSrc], connect: [...config.cspExtraScriptSrc], frame: [] as string[] };
  if (config.identity.provider === 'google') {
    out.script.push('https://accounts.google.com/gsi/client');
    out.connect.push('https://accounts.google.com/gsi/');
    out.frame.push('https://accounts.google.com/gsi/');
  }
  if (config.captcha.provider === 'recaptcha') {
    out.script.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    out.frame.push('https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/');
  }
  return out;
}

/** The request as the log shows it. Tokens and codes also travel in URLs (confirmation query, /c/{code}): masked. */
const INFO = pino.levels.values.info!;
const logRequest = (req: { method: string; url: string; host: string; ip: string }) => ({
  method: req.method,
  url: redactUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
});

/**
 * The access line, written straight to the log stream: the JSON a pino logger with the default options
 * writes for `info({ reqId, req, res, responseTime }, 'request completed')`, key for key (level, time,
 * pid, hostname, the fields, msg), built as one string. pino's generic path (an object per line, a
 * serializer lookup and a JSON.stringify per key) cost several µs per request for a line whose shape
 * never changes. A string field with nothing to escape (printable ASCII, no quote or backslash: a
 * method, a path, a host, an address nearly always) is quoted as is; any other goes through
 * JSON.stringify, so every character is escaped as pino would escape it. The constant runs are joined
 * once, at start-up.
 */
export function accessLine(
  head: string,
  reqId: string,
  req: { method: string; url: string; host: string; ip: string },
  statusCode: number,
  responseTime: number,
): string {
  return (
    head +
    Date.now() +
    PID_HOST_REQID +
    jsonString(reqId) +
    ',"req":{"method":' +
    jsonString(req.method) +
    ',"url":' +
    jsonString(redactUrl(req.url)) +
    ',"host":' +
    jsonString(req.host) +
    ',"remoteAddress":' +
    jsonString(req.ip) +
    '},"res":{"statusCode":' +
    statusCode +
    '},"responseTime":' +
    (Number.isFinite(responseTime) ? responseTime : null) +
    ',"msg":"request completed"}\n'
  );
}
/** Printable ASCII but `"` and `\`: a JSON string of these is the characters between two quotes. */
const PLAIN = /^[ !#-[\]-~]*$/;
/** What JSON.stringify gives for a string; anything else (a string to escape, a value that is not a string) goes through JSON.stringify itself. */
const jsonString = (s: string): string => (typeof s === 'string' && PLAIN.test(s) ? `"${s}"` : JSON.stringify(s));
const HOSTNAME = JSON.stringify(os.hostname());
const PID_HOST_REQID = `,"pid":${process.pid},"hostname":${HOSTNAME},"reqId":`;
const ACCESS_HEAD = `{"level":${INFO},"time":`;

/**
 * Fastify's log lines, less "incoming request": the completion line already carries the request.
 * The access line ("request completed") is built here from fields that hold no secret (method, masked
 * URL, host, address, status, time) and written straight to the log stream (`accessLine`), without the
 * redaction pass: redaction's wildcard paths cost ~80 µs per line, the largest per-request cost there
 * was. Every other line (errors included) goes through the redacting logger.
 */
class OneLinePerRequest extends LogController {
  constructor(private readonly access: { write(line: string): void } | undefined) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (this.access && (pino.levels.values[reply.log.level] ?? Infinity) <= INFO) {
      // The same line the request's child logger wrote: its binding (reqId) first, then the fields.
      this.access.write(accessLine(ACCESS_HEAD, request.id, request, reply.statusCode, reply.elapsedTime));
    }
  }
}

export type BuildOptions = {
  config: Config;
  database: Database;
  /** Where log lines go (tests); stdout otherwise. */ logStream?: { write(line: string): void };
  /** Tracing to use instead of the configured one (tests: an in-memory exporter); null: none. */
  tracing?: Tracing | null;
} & Partial<Pick<AppContext, 'providers' | 'now'>>;

/** Builds the whole HTTP application on an open, migrated database. Listening is the caller's job. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const ctx = createContext(config, database, opts);
  // The back office's demo queue (npm start / dev); tests seed what they need themselves.
  if (config.seedDemo && config.env === 'development') await seedDemoApplications(ctx);
  if (config.seedDemo && config.env === 'development') await seedDemoEmployer(ctx);
  if (config.seedDemo && config.env === 'development') await seedDemoEmployerAdmin(ctx);
  const logging = config.logLevel !== 'silent';
  // Buffered, asynchronous writes to stdout, in blocks (lib/log-destination.ts): a synchronous write per line
  // cost ~15 % of a busy instance, an asynchronous one per line 2-3.5 µs of CPU per request more than a block.
  const ownLog = logging && !opts.logStream ? logDestination() : undefined;
  const logStream = logging ? (opts.logStream ?? ownLog) : undefined;
  const app = Fastify({
    logger: logStream
      ? {
          level: config.logLevel,
          redact: { paths: REDACT_PATHS, censor: '[redacted]' },
          serializers: { req: logRequest },
          stream: logStream,
        }
      : false,
    // The request's logger (req.log) is made only when the request logs a line (lib/request-logger.ts).
    ...(logStream ? { childLoggerFactory: lazyChildLoggerFactory } : {}),
    // One access-log line per request ("request completed", with status and time), not Fastify's two.
    logController: new OneLinePerRequest(logStream && (pino.levels.values[config.logLevel] ?? Infinity) <= INFO ? logStream : undefined),
    // Only proxies we name may set X-Forwarded-For; otherwise any client could dodge the per-IP limits.
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are parsed with the route's zod schema, then written by a compiled writer (http/serializer.ts);
  // outside production each is also checked against JSON.stringify.
  app.setSerializerCompiler(createSerializerCompiler({ verify: config.env !== 'production' }));
  // First hook of all: the request's span covers every other hook (lib/tracing.ts; nothing when tracing is off).
  registerTracing(app, opts.tracing !== undefined ? opts.tracing : createTracing(config.tracing));
  registerErrorHandler(app);
  registerInputGuard(app);
  const routeTable: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routeTable.push(route);
  });
  app.decorate('routeTable', routeTable);
  // The background queues (jobs/queues.ts): defined here, worked only where main.ts starts them.
  ctx.jobs.setLog(app.log);
  defineQueues(ctx, app.log);
  app.addHook('onClose', () => ctx.jobs.stop());
  if (ownLog) app.addHook('onClose', async () => ownLog.close());

  // Third-party scripts the spec loads (social sign-in, captcha, tag manager) only when configured.
  const thirdParty = cspSources(config);
  // Security headers (helmet) on every response, built once: @fastify/helmet rebuilt the middleware, CSP
  // directives included, on every request (~100 µs of CPU per request under load). Nothing in them varies
  // per request, so helmet runs once at start-up and its headers go onto each reply as a fixed list
  // (http/security-headers.ts: Fastify's own header object, the cheap path through Node's writeHead).
  const securityHeaders = staticSecurityHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'", ...thirdParty.script],
          connectSrc: ["'self'", ...thirdParty.connect],
          // blob: frames: the back office shows a borrower's document or the signed note from a blob: URL it
          // made from a same-origin, authenticated fetch (a frame cannot send the staff token itself).
          frameSrc: ["'self'", 'blob:', ...thirdParty.frame],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.addHook('onRequest', securityHeadersHook(securityHeaders));
  // CORS stays closed (the SPAs are same-origin): no CORS plugin, so no Access-Control-* header is ever sent
  // and a preflight is a 404. @fastify/cors with `origin: false` answered the same, after two copies of the
  // route's options and a spread of its own on every request.
  // Large API answers (lists, schedules) compressed on the fly; the SPAs' files come precompressed
  // (http/spa.ts), so only JSON and the like from 1 kB up are compressed here (brotli at quality 4).
  await app.register(compress, { globalCompression: true, globalDecompression: false, threshold: 1024, encodings: ['br', 'gzip'] });
  // Per-IP route limits, counted where every instance sees them (Redis or PostgreSQL; memory on the embedded database).
  const rateLimitCounter = createRateLimitCounter(config, ctx.repos.platform);
  app.addHook('onClose', () => rateLimitCounter.close());
  // Redis unreachable: the per-IP limits are skipped (fail open; the per-account lockouts in the database
  // still hold) rather than every limited route answering 500. The database store fails with the database.
  await app.register(rateLimit, { global: false, store: rateLimitStore(rateLimitCounter), skipOnError: rateLimitCounter.kind === 'redis' });
  // Multipart bodies: accepted by every route, read only by the plugins of the routes that take uploads
  // (http/multipart.ts): the reader's per-request hooks stay off every other request.
  acceptMultipartBodies(app);

  // While a system event is active the borrower API answers 503 and the SPA shows /unavailable.
  // A callback hook, answered at once from the gate's cached answer: nearly every request passes here, and
  // an async hook cost each one a promise and a turn of the microtask queue.
  // No closure is made on the common path (no event, or the answer known): only when the gate must be read.
  app.addHook('onRequest', (req, reply, done) => {
    const url = req.url;
    if (!url.startsWith('/api/')) return done();
    for (const open of ALWAYS_OPEN) if (url.startsWith(open)) return done();
    const known = ctx.systemGate.known();
    if (known === null) return done();
    if (known !== undefined) return void reply.status(503).send({ error: known });
    ctx.systemGate.description().then((description) => {
      if (description === null) done();
      else void reply.status(503).send({ error: description });
    }, done);
  });

  // Staff capabilities (contract's table) checked in one hook, for every back-office route.
  registerStaffGuard(app, ctx);
  registerEmployerGuard(app, ctx);
  // The borrower session a route names in its config (`config: { session: 'required' | 'optional' }`), checked before its body is read.
  registerBorrowerSession(app, ctx);
  registerKeptMemberAnswers(app, ctx);
  registerMetrics(app, ctx, { token: config.metricsToken });

  await app.register(platformRoutes(ctx), { prefix: '/api' });
  await app.register(referenceRoutes(ctx), { prefix: '/api' });
  await app.register(identityRoutes(ctx), { prefix: '/api' });
  await app.register(phoneRoutes(ctx), { prefix: '/api' });
  await app.register(workflowRoutes(ctx), { prefix: '/api' });
  await app.register(newflowRoutes(ctx), { prefix: '/api' });
  await app.register(engagementRoutes(ctx), { prefix: '/api' });
  await app.register(documentRoutes(ctx), { prefix: '/api' });
  await app.register(applicationRoutes(ctx), { prefix: '/api' });
  await app.register(employmentRoutes(ctx), { prefix: '/api' });
  await app.register(loanTermsRoutes(ctx), { prefix: '/api' });
  await app.register(reviewRoutes(ctx), { prefix: '/api' });
  await app.register(bankingRoutes(ctx), { prefix: '/api' });
  await app.register(walletRoutes(ctx), { prefix: '/api' });
  await app.register(esignatureRoutes(ctx), { prefix: '/api' });
  await app.register(addressRoutes(ctx), { prefix: '/api' });
  await app.register(servicingBorrowerRoutes(ctx), { prefix: '/api' });
  await app.register(profileRoutes(ctx), { prefix: '/api' });
  await app.register(referralRoutes(ctx), { prefix: '/api' });
  await app.register(refinanceRoutes(ctx), { prefix: '/api' });
  await app.register(borrowerToolsRoutes(ctx), { prefix: '/api' });
  await app.register(careRoutes(ctx), { prefix: '/api' });
  await app.register(hardshipRoutes(ctx), { prefix: '/api' });
  await app.register(statementRoutes(ctx), { prefix: '/api' });
  await app.register(paymentPlanRoutes(ctx), { prefix: '/api' });
  await app.register(staffRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(identityBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(systemEventRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(reviewBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(backofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(servicingRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(collectionsRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(borrowerToolsBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(referralBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(careBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(hardshipBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(creditReportingBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(collectionsDeskRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(statementBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(paymentPlanBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(portfolioBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(employerAuthRoutes(ctx), { prefix: '/api/employer_portal' });
  await app.register(employerBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(employerRemittanceRoutes(ctx), { prefix: '/api/employer_portal' });
  await app.register(employerVerificationRoutes(ctx), { prefix: '/api/employer_portal' });
  await app.register(deductionsRoutes(ctx), { prefix: '/api/employer_portal' });
  await app.register(deductionsBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(employerRemittanceBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(employerVerificationBackofficeRoutes(ctx), { prefix: '/api/backoffice' });
  await app.register(jobsBackofficeRoutes(ctx), { prefix: '/api/backoffice' });

  const spas = config.serveSpa ? await registerSpas(app) : [];
  registerNotFound(app, spas);

  app.decorate('ctx', ctx);
  return app;
}
