/**
 * Hand-written checks of a few answers, for the pages whose first load stays without zod (sign-in,
 * sign-up, the new flow's Check Your Rate and its shell, and the signed-in shell's reads, which every
 * signed-in page waits for: docs/architecture.md). Each mirrors
 * a contract schema field by field — same accepted shapes, unknown keys dropped — and
 * wire-check.test.ts holds it to that schema on good and bad samples. Everywhere else, pass the
 * contract's schema.
 */

/** Thrown for an answer that does not have the contract's shape (the call fails, as with a schema's error). */
export class WireShapeError extends Error {
  constructor(what: string) {
    super(`The server's answer does not have the expected shape (${what}).`);
    this.name = 'WireShapeError';
  }
}

export function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new WireShapeError(what);
  return value as Record<string, unknown>;
}

export function string(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new WireShapeError(what);
  return value;
}

export function nullableString(value: unknown, what: string): string | null {
  return value === null ? null : string(value, what);
}

export function integer(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new WireShapeError(what);
  return value;
}

export function nullableInteger(value: unknown, what: string): number | null {
  return value === null ? null : integer(value, what);
}

export function boolean(value: unknown, what: string): boolean {
  if (typeof value !== 'boolean') throw new WireShapeError(what);
  return value;
}

export function oneOf<const T extends string>(value: unknown, options: readonly T[], what: string): T {
  if (typeof value !== 'string' || !(options as readonly string[]).includes(value)) throw new WireShapeError(what);
  return value as T;
}

export function array<T>(value: unknown, item: (value: unknown, what: string) => T, what: string): T[] {
  if (!Array.isArray(value)) throw new WireShapeError(what);
  return value.map((entry, index) => item(entry, `${what}[${index}]`));
}
