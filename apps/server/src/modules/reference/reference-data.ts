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

/** An agreement document version by id, or undefined. */
export const findAgreementDocumentById = (ctx: AppContext, id: number) => ctx.repos.reference.getAgreementDocument(id);

/** Every version of an agreement document by name (only the state's own when a state is given), by state then version. */
export const listAgreementDocumentVersions = (ctx: AppContext, name: string, stateAbbreviation: string | null) =>
  ctx.repos.reference.listAgreementDocuments(name, stateAbbreviation);

/** Every state, by name. */
export const listStates = (ctx: AppContext) => ctx.repos.reference.listStates();

/** Listed employers whose name contains the text, by name, at most `limit`. */
export const searchEmployers = (ctx: AppContext, text: string, limit: number) => ctx.repos.reference.searchEmployers(text, limit);

/** The loan purposes, by id. */
export const listLoanPurposes = (ctx: AppContext) => ctx.repos.reference.listLoanPurposes();
