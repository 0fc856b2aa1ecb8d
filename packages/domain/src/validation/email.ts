/**
 * E-mail addresses (access §5 "standard pattern", lead form classic §5).
 *
 * The pattern is the WHATWG `<input type="email">` one (the "standard" browsers and form libraries
 * apply), tightened in two ways that matter for a lender who must reach the borrower: the domain needs
 * at least one dot (no `user@localhost`) and lengths follow RFC 5321 (local part ≤ 64, whole ≤ 254).
 */
import { invalid, valid } from './result';
import type { Validation } from './result';

const LOCAL_RE = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL_RE = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** True when `text` (already trimmed) is a well-formed e-mail address. */
export function isEmail(text: string): boolean {
  if (text.length > 254) return false;
  const at = text.lastIndexOf('@');
  if (at <= 0 || at !== text.indexOf('@')) return false;
  const local = text.slice(0, at);
  const labels = text.slice(at + 1).split('.');
  return local.length <= 64 && LOCAL_RE.test(local) && labels.length >= 2 && labels.every((l) => LABEL_RE.test(l));
}

/** Validates an e-mail address (trimmed): `required` when empty, `email_invalid` when malformed. */
export function validateEmail(text: string): Validation<string, 'required' | 'email_invalid'> {
  const value = text.trim();
  if (value === '') return invalid('required');
  return isEmail(value) ? valid(value) : invalid('email_invalid');
}
