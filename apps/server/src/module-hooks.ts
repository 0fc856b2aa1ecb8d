import type { BankingHooks } from './modules/banking/hooks';
import type { DocumentsHooks } from './modules/documents/hooks';
import type { EmploymentHooks } from './modules/employment/hooks';
import type { EngagementHooks } from './modules/engagement/hooks';
import type { IdentityHooks } from './modules/identity/hooks';
import type { EsignatureHooks } from './modules/esignature/hooks';
import type { LoanTermsHooks } from './modules/loan-terms/hooks';
import type { NewflowHooks } from './modules/newflow/hooks';
import type { ProfileHooks } from './modules/profile/hooks';
import type { LoanBookHooks } from './modules/loan-book/hooks';
import type { ReviewHooks } from './modules/review/hooks';
import type { WorkflowHooks } from './modules/workflow/hooks';
import type { BorrowerToolsHooks } from './modules/borrower-tools/hooks';
import type { CareHooks } from './modules/care/hooks';
import { runCollectionsDay } from './modules/collections/use-cases/collections-day';
import { verificationApprovalBlock } from './modules/employer-portal/verifications/verifications';
import { afterServicingDay } from './modules/portfolio/use-cases/month-end';
import { notifyShortRemittances } from './modules/borrower-tools/use-cases/repayment-tracker';
import {
  recordMissedApprovals,
  referralOfCanceledLoan,
  rewardFundedFirstLoan,
  rewardSubmittedApplication,
} from './modules/referral/use-cases/record-referral-rewards';
import { applyPayoutReturn } from './modules/referral/use-cases/payout-returns';
import { eligibleForRefinanceFrom } from './modules/refinance/use-cases/refinance-facts';
import { submitRefinanceReview } from './modules/refinance/use-cases/submit-refinance-review';
import { concludeEmployerStep } from './modules/review/use-cases/conclude-employer-step';
import { latestLoan } from './modules/backoffice/latest-loan';
import { applicationOfRecord, memberRecord } from './modules/backoffice/member-record';
import { phoneCodeSentMove, phoneConfirmedMove } from './modules/workflow/identity-moves';
import { confirmationMove, currentStatus } from './modules/workflow/move';
import { receiverAccount } from './modules/banking/accounts-on-file';
import { saveNewflow } from './modules/newflow/answers';
import { applyStatusMove, recordFirstStatus } from './modules/workflow/repository';
import { statementDocuments } from './modules/statements/use-cases/read-statements';
import { queueStatements } from './modules/statements/scheduler';
import { ongoingLoans } from './modules/refinance/use-cases/loan-views';
import { loanState } from './modules/loan-book/use-cases/loan-position';
import { findProfile, saveApplicationFields } from './modules/application/applications';
import { beginUpload, endUpload } from './modules/documents/live-documents';
import { openFeedback, openOrLatestFeedback, recordStaffAction } from './modules/review/reviews';
import { findLoan, memberLoanFacts } from './modules/loan-book/loans';
import { hardshipRequestsAwaitingAnswer } from './modules/hardship/hardship-requests';
import { payDatesReportedMissing } from './modules/employer-portal/employer-reports';
import { findAgreementDocument, findEmployer, findState, listLoanPurposes } from './modules/reference/reference-data';

/** Every hook a lower module calls, by the module that calls it (each module's `hooks.ts`; lib/hooks.ts). */
export type AppHooks = {
  loanBook: LoanBookHooks;
  review: ReviewHooks;
  workflow: WorkflowHooks;
  employment: EmploymentHooks;
  engagement: EngagementHooks;
  identity: IdentityHooks;
  documents: DocumentsHooks;
  banking: BankingHooks;
  profile: ProfileHooks;
  esignature: EsignatureHooks;
  loanTerms: LoanTermsHooks;
  newflow: NewflowHooks;
  borrowerTools: BorrowerToolsHooks;
  care: CareHooks;
};

/** A loan's outstanding balance on a date, replayed from its note and ledger (the payoff a refinance quotes and signs). */
const loanPayoff: LoanTermsHooks['loanPayoff'] = async (ctx, loan, on) => (await loanState(ctx, loan, on)).position.outstandingCents;

/**
 * The one place the hooks are wired (issue #28, docs/architecture.md "Module floors"): for each hook a lower
 * module declares, the higher module's function. Leaving one out is a type error here; `createContext`
 * checks the result at start (lib/hooks.ts `createHooks`).
 */
export function moduleHooks(): AppHooks {
  return {
    loanBook: {
      collectionsDay: runCollectionsDay,
      dayCompleted: afterServicingDay,
      dailyRunFinished: queueStatements,
      loanStatementDocuments: statementDocuments,
      firstLoanFunded: rewardFundedFirstLoan,
      fundedLoanCanceled: referralOfCanceledLoan,
      fundedReferralsChecked: recordMissedApprovals,
      remittancesPosted: notifyShortRemittances,
      creditReturned: applyPayoutReturn,
      fundingApplicant: memberRecord,
      fundingApplication: applicationOfRecord,
    },
    review: {
      applicationSubmitted: rewardSubmittedApplication,
      approvalBlock: verificationApprovalBlock,
    },
    workflow: {
      refinanceReviewConfirmed: submitRefinanceReview,
      openFeedback,
      receiverAccount,
    },
    employment: {
      employerStepEnded: concludeEmployerStep,
    },
    identity: {
      applyStatusMove,
      recordFirstStatus,
      confirmationMove,
      phoneCodeSentMove,
      phoneConfirmedMove,
      currentStatus,
      newflowLoanChosen: saveNewflow,
      findState,
      findEmployer,
      listLoanPurposes,
      findAgreementDocument,
      employeeIdGiven: (ctx, userId, employeeId, at) => saveApplicationFields(ctx, userId, { profile: { employeeId } }, at),
      recordStaffAction,
      uploadBegun: beginUpload,
      uploadEnded: endUpload,
    },
    engagement: {
      memberLoanFacts,
      eligibleForRefinance: (ctx, member, { applications, facts }) => eligibleForRefinanceFrom(ctx, member, applications, facts),
    },
    profile: {
      openedLoanInstallmentsPaid: async (ctx, member) => (await ongoingLoans(ctx, member)).opened_loan?.loan.total_allotments_paid ?? 0,
    },
    esignature: { loanPayoff, bookLoan: findLoan },
    loanTerms: { loanPayoff, bookLoan: findLoan },
    newflow: { latestLoan },
    documents: { applicationAddress: findProfile, recordStaffAction, statedProofRecorded: saveNewflow },
    banking: { openOrLatestFeedback },
    borrowerTools: { payDatesReportedMissing },
    care: { hardshipQuestions: hardshipRequestsAwaitingAnswer },
  };
}
