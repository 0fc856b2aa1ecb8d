import { z } from 'zod';
import { ZIsoDate } from './dates';
import { ZCents } from './money';

/**
 * The wire's schedule rows, each shape declared once (issue #28). An installment of a loan's schedule:
 * its number, due day and the payment split into interest and principal, with the balance after it
 * (the back office's loan detail; the servicing view extends it with what is still unpaid).
 * The signed note's schedule (`esignature.ts`, `…_cents` names) and a payment plan's rows (arrears and
 * fees) have other wire names and are declared apart.
 */
export const ZInstallmentRow = z.object({
  n: z.number().int(),
  due_date: ZIsoDate,
  payment: ZCents,
  interest: ZCents,
  principal: ZCents,
  balance: ZCents,
});
export type TInstallmentRow = z.infer<typeof ZInstallmentRow>;

/** A row of a re-disclosed schedule (a due-date change, a hardship deferral): the installment's day before and after. */
export const ZRescheduledRow = z.object({ n: z.number().int(), due_date: ZIsoDate, new_due_date: ZIsoDate, payment: ZCents, moved: z.boolean() });
export type TRescheduledRow = z.infer<typeof ZRescheduledRow>;
