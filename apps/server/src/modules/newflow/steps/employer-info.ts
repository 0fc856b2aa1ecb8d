import { listPayrollServices } from '../../reference/reference-data';
import { saveApplicationFields } from '../../application/applications';
import { saveAndMove } from '../workflow';
import { moved, payloadOf, type StepHandlers } from './shared';

/** employer_info: an unlisted employer's details and its payroll service; the application then waits for the employer review. */
export const employerInfo = {
  async data({ ctx }) {
    return { payroll_services: (await listPayrollServices(ctx)).map((p) => p.name) };
  },
  async post({ ctx, member, body }) {
    const p = payloadOf('employer_info', body);
    const b = p.loan_borrower;
    await saveApplicationFields(ctx, member.id, { borrower: { firstName: b.first_name, lastName: b.last_name } }, ctx.now());
    return moved(
      await saveAndMove(ctx, member, { employerInfo: { ...p.employer }, middleInitial: b.middle_initial || null, phone: b.phone }, 'employer_under_review'),
    );
  },
} satisfies StepHandlers;
