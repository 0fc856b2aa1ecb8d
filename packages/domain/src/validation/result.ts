/**
 * The shape every validation rule returns: the normalised value, or a typed failure CODE.
 *
 * The domain never holds user-facing text for form rules: the contract maps each code to the spec's
 * verbatim message (see docs/underwriting-rules.md, "Validation codes").
 */

/** A passed rule, carrying the normalised value (trimmed text, digits only, cents, an IsoDate …). */
export interface Valid<T> {
  /** Always `true`. */
  readonly ok: true;
  /** The normalised value. */
  readonly value: T;
}

/** A failed rule, carrying a stable machine code. */
export interface Invalid<C extends string> {
  /** Always `false`. */
  readonly ok: false;
  /** The failure code (snake_case, stable; the contract maps it to the spec's message). */
  readonly code: C;
}

/** The result of a validation rule. */
export type Validation<T, C extends string> = Valid<T> | Invalid<C>;

/** Builds a passed result. */
export function valid<T>(value: T): Valid<T> {
  return { ok: true, value };
}

/** Builds a failed result. */
export function invalid<C extends string>(code: C): Invalid<C> {
  return { ok: false, code };
}
