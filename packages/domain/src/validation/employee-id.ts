/**
 * Employee ids (classic §2/§5, new flow §5/§9): asked only for partner employers (`b2b_partner`), where
 * it is required; at most 30 characters after trimming.
 */
import { checkText } from './text';
import type { TextCode } from './text';
import type { Validation } from './result';

/** Maximum employee id length. */
export const EMPLOYEE_ID_MAX = 30;

/** Validates an employee id; `required` is true for partner employers. */
export function validateEmployeeId(text: string, required: boolean): Validation<string, TextCode> {
  return checkText(text, { required, max: EMPLOYEE_ID_MAX });
}
