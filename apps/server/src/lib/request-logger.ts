import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

type ChildOptions = ChildLoggerOptions;
type LogArgs = [obj: unknown, msg?: string, ...args: unknown[]];

/**
 * A request's logger (`req.log`, `reply.log`) that makes pino's child logger only when the request logs a
 * line. Fastify builds a child per request (its `reqId` binding serialized, through the redaction pass, at
 * creation): ~2 % of a busy instance's CPU, for requests that nearly never log anything themselves (the
 * access line is written by the log controller, app.ts). The first call of a log method, `child()` or a
 * level change builds the very child Fastify would have built, with the same bindings and options, and
 * every call goes to it: a logged line is identical.
 */
export class LazyRequestLogger {
  private made: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly childBindings: Bindings,
    private readonly options: ChildOptions | undefined,
  ) {}

  /** pino's child for this request, made on first use. */
  private real(): Logger {
    return (this.made ??= this.parent.child(this.childBindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  // Prototype methods, not per-instance closures: a request's logger costs one small object.
  fatal(...args: LogArgs): void {
    this.real().fatal(...args);
  }
  error(...args: LogArgs): void {
    this.real().error(...args);
  }
  warn(...args: LogArgs): void {
    this.real().warn(...args);
  }
  info(...args: LogArgs): void {
    this.real().info(...args);
  }
  debug(...args: LogArgs): void {
    this.real().debug(...args);
  }
  trace(...args: LogArgs): void {
    this.real().trace(...args);
  }
  silent(...args: LogArgs): void {
    this.real().silent(...args);
  }

  child(bindings: Bindings, options?: ChildOptions): Logger {
    return this.real().child(bindings, options);
  }

  isLevelEnabled(level: string): boolean {
    return this.real().isLevelEnabled(level);
  }

  bindings(): Bindings {
    return this.real().bindings();
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made lazily (LazyRequestLogger). */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyRequestLogger(logger as unknown as Logger, bindings, options) as unknown as FastifyBaseLogger;
