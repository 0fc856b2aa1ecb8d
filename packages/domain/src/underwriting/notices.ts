/**
 * Texts every adverse-action notice carries (ECOA / Regulation B), whichever module writes the notice:
 * the review's decline and denial letters and the new flow's counteroffer notice.
 */

/** The Equal Credit Opportunity Act notice every adverse-action letter carries (12 CFR 1002.9(b)(1)). */
export const ECOA_NOTICE =
  "The Federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants on the basis of race, color, religion, national origin, sex, marital status, age (provided the applicant has the capacity to enter into a binding contract); because all or part of the applicant's income derives from any public assistance program; or because the applicant has in good faith exercised any right under the Consumer Credit Protection Act. The Federal agency that administers compliance with this law concerning this creditor is the Consumer Financial Protection Bureau, 1700 G Street NW, Washington, DC 20552.";
