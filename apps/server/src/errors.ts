import { FILE_UNAVAILABLE_CODE } from '@payrail/contract/documents';

/**
 * Typed application errors. Use cases throw these; one Fastify error handler maps them to the spec's
 * shapes: field errors `{ errors: { field: [msg] } }`, everything else `{ error: msg }`.
 */
export type AppErrorCode = 'bad_request' | 'validation' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'too_many_requests' | 'unavailable';

export const STATUS_BY_CODE: Record<AppErrorCode, number> = {
  bad_request: 400,
  validation: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  unavailable: 503,
};

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly fields: FieldErrors | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: AppErrorCode, message: string, opts: { fields?: FieldErrors; extra?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = opts.fields;
    this.extra = opts.extra;
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }

  /** A 422 with field errors, the Rails/Devise shape the spec reads (`errors.email[0]`). */
  static fields(fields: FieldErrors): AppError {
    const first = Object.entries(fields)[0];
    return new AppError('validation', first ? `${first[0]} ${first[1][0] ?? 'is invalid'}` : 'Invalid input', { fields });
  }

  static unauthorized(message = 'You need to sign in before continuing.'): AppError {
    return new AppError('unauthorized', message);
  }

  static forbidden(message = "Sorry, you don't have permission to do this."): AppError {
    return new AppError('forbidden', message);
  }

  static notFound(message = 'Not found'): AppError {
    return new AppError('not_found', message);
  }
}

/**
 * A file whose record exists but whose stored bytes are missing: 404 `{ error, code: 'file_unavailable' }`
 * with the audience's message (contract `FILE_UNAVAILABLE_MSG`). `file` says which record, for the log:
 * the error handler logs it at error level (lost bytes are a storage fault to be repaired, not a client's).
 */
export class FileUnavailableError extends AppError {
  constructor(
    message: string,
    readonly file: { source: string; id: number },
    extra: Record<string, unknown> = {},
  ) {
    super('not_found', message, { extra: { code: FILE_UNAVAILABLE_CODE, ...extra } });
    this.name = 'FileUnavailableError';
  }
}

/** The JSON body for an AppError. */
export function errorBody(err: AppError): Record<string, unknown> {
  if (err.fields) return { errors: err.fields, ...err.extra };
  return { error: err.message, ...err.extra };
}
