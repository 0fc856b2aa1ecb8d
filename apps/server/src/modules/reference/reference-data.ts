import type { AppContext } from '../../context';

/**
 * Reference data as other modules read it (issue #28: a module uses its own repositories only; another
 * module's data comes through the owner's exported functions).
 */

/** A state by id or abbreviation, or undefined. */
export const findState = (ctx: AppContext, idOrAbbreviation: string) => ctx.repos.reference.findState(idOrAbbreviation);

/** An employer by id, or undefined. */
export const findEmployer = (ctx: AppContext, id: number) => ctx.repos.reference.getEmployer(id);

/** The newest version of an agreement document by name (the state's own version first when a state is given), or undefined. */
export const findAgreementDocument = (ctx: AppContext, name: string, stateAbbreviation: string | null) =>
  ctx.repos.reference.findAgreementDocument(name, stateAbbreviation);

/** The payroll services an unlisted employer's pay may run through. */
export const listPayrollServices = (ctx: AppContext) => ctx.repos.reference.listPayrollServices();
