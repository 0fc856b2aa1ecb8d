import type { NewflowPostableStep, NewflowStep } from '@payrail/contract/newflow';
import { additionalDocuments } from './additional-documents';
import { approved } from './approved';
import { employerInfo } from './employer-info';
import { cantProceed, denied, dropped } from './ended';
import { jobInfo } from './job-info';
import { loanOffer } from './loan-offer';
import { passwordCreation } from './password-creation';
import { personalInfo } from './personal-info';
import { phoneValidation } from './phone-validation';
import { rateCheck } from './rate-check';
import { selectProgram } from './select-program';
import type { StepHandlers } from './shared';
import { splitDirectDeposit, splitDirectDepositManual } from './split-direct-deposit';
import { ssnInput } from './ssn-input';
import { verifyBankAccount } from './verify-bank-account';
import { verifyEmployer, verifyEmployerManual } from './verify-employer';

/**
 * The new flow's steps, one file each (spec newflow §2–§5): what a step's page reads (`data`) and what
 * posting it does (`post`). A postable step without a `post` here is a type error.
 */
export const NEWFLOW_STEP_HANDLERS = {
  job_info: jobInfo,
  employer_info: employerInfo,
  personal_info: personalInfo,
  ssn_input: ssnInput,
  rate_check: rateCheck,
  verify_employer: verifyEmployer,
  verify_employer_manual: verifyEmployerManual,
  select_program: selectProgram,
  split_direct_deposit: splitDirectDeposit,
  split_direct_deposit_manual: splitDirectDepositManual,
  verify_bank_account: verifyBankAccount,
  additional_documents: additionalDocuments,
  loan_offer: loanOffer,
  password_creation: passwordCreation,
  phone_validation: phoneValidation,
  approved: approved,
  denied: denied,
  dropped: dropped,
  cant_proceed: cantProceed,
} satisfies Partial<Record<NewflowStep, StepHandlers>> & Record<NewflowPostableStep, Required<Pick<StepHandlers, 'post'>>>;
