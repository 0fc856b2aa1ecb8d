import { DOCUMENT_STATUSES } from '@payrail/domain/workflow/statuses';
import type { RouteObject } from 'react-router';
import { NEWFLOW_SIGNIN, REFINANCE_START_STATUSES, newflowStatusesForSlug } from './status-routes';
import { NEWFLOW_PAGES_ID, PUBLIC_PAGES_ID, ROOT_ID, handle, nf, routeTree } from './landing-routes';
import type { RoutePatches } from './landing-routes';
import { RouteError } from './routes/route-error';

/**
 * The guards (session check, status gate) load with the first protected page: they bring the session
 * query and its schemas, which the public pages (sign-in, sign-up) never use (docs/architecture.md).
 */
const guards = () => import('./guards');

/**
 * Classic-flow status pages (spec §2): each is guarded by its statuses (and polls the session); titles
 * are the spec's step titles; `step` is the old-flow stepper value. Each page is its own lazy module.
 * The spec gives 1 (employer, phone, loan terms), 3 (documents) and 4 (e-signature); every other page
 * of a new loan after About Yourself (which the spec leaves without a step) takes its phase's step (Bank Information 2, Documents and
 * review 3, Get Approved 4), so the stepper never disappears mid-application; it also names the page.
 */
const CLASSIC_STEPS: readonly {
  path: string;
  id?: string;
  title: string;
  statuses: readonly string[];
  step?: number;
  stepPage?: string;
  /** The page's own guard, in place of `RequireStatus` over `statuses` (it admits the same statuses). */
  guard?: RouteObject['lazy'];
  lazy: RouteObject['lazy'];
}[] = [
  { path: 'application/about_yourself', title: 'About Yourself', statuses: ['about_yourself'], lazy: () => import('./routes/about-yourself') },
  { path: 'application/employer', title: 'Employment', statuses: ['employer'], step: 1, lazy: () => import('./routes/employer') },
  // Spec §4 "on open, status set to loan_terms": its guard asks the server for the move when the page opens in a status the borrower may leave for it.
  {
    path: 'loan_terms',
    title: 'Loan Terms',
    statuses: ['loan_terms', 'loan_amount_changed'],
    step: 1,
    guard: () => import('./routes/loan-terms-open').then(({ LoanTermsGuard }) => ({ element: <LoanTermsGuard /> })),
    lazy: () => import('./routes/loan-terms'),
  },
  { path: 'bank_link', title: 'Link Account', statuses: ['bank_link', 'bank_manually_insert'], step: 2, lazy: () => import('./routes/bank-link') },
  // Spec §2 "application variants of the bank pages when the path contains application": the same page, whose manual way moves to bank_manual_input.
  { path: 'application/bank_link', title: 'Link Account', statuses: ['bank_link'], step: 2, lazy: () => import('./routes/bank-link') },
  {
    path: 'application/bank_input',
    title: 'Bank Information',
    statuses: ['bank_input', 'bank_manual_input'],
    step: 2,
    lazy: () => import('./routes/bank-input'),
  },
  {
    path: 'bank_information',
    title: 'Bank Information',
    statuses: ['choosing_receiver_account', 'bank_manually_insert', 'bank_input', 'bank_manual_input'],
    step: 2,
    lazy: () => import('./routes/bank-information'),
  },
  { path: 'bank_accounts', title: 'Bank Accounts', statuses: ['choosing_receiver_account'], step: 2, lazy: () => import('./routes/bank-accounts') },
  { path: 'application/documents', title: 'Documents', statuses: DOCUMENT_STATUSES, step: 3, lazy: () => import('./routes/documents') },
  {
    path: 'application/application_review',
    title: 'Application Review',
    statuses: ['application_review'],
    step: 3,
    lazy: () => import('./routes/application-review'),
  },
  { path: 'application/document_review', title: 'Document Review', statuses: ['document_review'], step: 3, lazy: () => import('./routes/document-review') },
  { path: 'feedback', title: 'Application feedback', statuses: ['feedback_sent'], step: 3, lazy: () => import('./routes/feedback') },
  { path: 'select_repay_method', title: 'Repayment method', statuses: ['select_repay_method'], step: 4, lazy: () => import('./routes/select-repay-method') },
  {
    path: 'allotment',
    title: 'Allotment',
    statuses: ['allotment_needed', 'review_allotment'],
    step: 4,
    stepPage: 'Payroll repayment',
    lazy: () => import('./routes/allotment'),
  },
  { path: 'debit_card', title: 'Debit card', statuses: ['debit_card'], step: 4, lazy: () => import('./routes/debit-card') },
  { path: 'auto_debit', title: 'Auto-debit', statuses: ['auto_debit_needed'], step: 4, lazy: () => import('./routes/auto-debit') },
  {
    path: 'esignature',
    id: 'eSignature',
    title: 'E-signature',
    statuses: ['esignature_needed', 'refinancing_esignature'],
    step: 4,
    lazy: () => import('./routes/esignature'),
  },
  // An approved borrower opens the refinance terms to start a refinance (the page asks POST /refinance).
  {
    path: 'refinance_terms',
    id: 'RefinanceTerms',
    title: 'Refinance Terms',
    statuses: ['refinancing_loan_terms', 'loan_amount_changed', ...REFINANCE_START_STATUSES, 'refinancing_application'],
    step: 1,
    lazy: () => import('./routes/refinance-terms'),
  },
  { path: 'refinance_review', title: 'Update Information', statuses: ['refinancing_review'], step: 2, lazy: () => import('./routes/refinance-review') },
];

const PHONE_STATUSES = ['phone_verification', 'phone_code_sent'] as const;

/**
 * New-flow step pages (newflow-and-dashboard.md §2), under /application/newflow. Each slug accepts the
 * step keys of the spec's table that map to it (`statuses` adds the keys of a sub-step's parent).
 */
const NEWFLOW_STEPS: readonly { slug: string; title: string; statuses?: readonly string[]; lazy: RouteObject['lazy'] }[] = [
  { slug: 'job_info', title: 'Job Information', lazy: () => import('./routes/newflow/job-info') },
  { slug: 'employer_info', title: 'Employer Information', lazy: () => import('./routes/newflow/employer-info') },
  { slug: 'employment', title: 'Employment', lazy: () => import('./routes/newflow/employment') },
  { slug: 'employment/manual', title: 'Employment', lazy: () => import('./routes/newflow/employment-manual') },
  { slug: 'personal_info', title: 'Personal Info', lazy: () => import('./routes/newflow/personal-info') },
  { slug: 'personal_info/rent', title: 'Personal Info', statuses: ['personal_info'], lazy: () => import('./routes/newflow/housing') },
  { slug: 'ssn', title: 'Social Security Number', lazy: () => import('./routes/newflow/ssn') },
  { slug: 'checking_rate', title: 'Checking your rate', lazy: () => import('./routes/newflow/checking-rate') },
  { slug: 'select_program', title: 'Repayment program', lazy: () => import('./routes/newflow/select-program') },
  { slug: 'split_direct_deposit', title: 'Split direct deposit', lazy: () => import('./routes/newflow/split-deposit') },
  { slug: 'split_direct_deposit_manual', title: 'Split direct deposit', lazy: () => import('./routes/newflow/split-deposit-manual') },
  { slug: 'bank_account', title: 'Bank Information', lazy: () => import('./routes/newflow/bank-account') },
  { slug: 'bank_account/manual', title: 'Bank Information', statuses: ['verify_bank_account'], lazy: () => import('./routes/newflow/bank-account-manual') },
  { slug: 'additional_documents', title: 'Documents', lazy: () => import('./routes/newflow/additional-documents') },
  { slug: 'loan_offer', title: 'Loan offers', lazy: () => import('./routes/newflow/loan-offer') },
  { slug: 'password_creation', title: 'Create your password', lazy: () => import('./routes/newflow/password-creation') },
  { slug: 'verify_phone', title: 'Phone Verification', lazy: () => import('./routes/newflow/verify-phone') },
  { slug: 'under_review', title: 'Application under review', lazy: () => import('./routes/newflow/under-review') },
  { slug: 'approved', title: 'Approved', lazy: () => import('./routes/newflow/approved') },
  { slug: 'esignature', title: 'E-signature', lazy: () => import('./routes/newflow/esignature') },
  // After signing the status stays approved (the signed note is what changed).
  { slug: 'money_on_way', title: 'Money on the way', statuses: ['approved'], lazy: () => import('./routes/newflow/money-on-way') },
  { slug: 'denied', title: 'Loan not approved', statuses: ['denied', 'declined'], lazy: () => import('./routes/newflow/denied') },
  { slug: 'dropped', title: 'Application inactive', lazy: () => import('./routes/newflow/dropped') },
  { slug: 'cant_proceed', title: 'Cannot proceed', lazy: () => import('./routes/newflow/cant-proceed') },
];

/** New-flow access and status pages a visitor may open (besides signup and signin: landing-routes.tsx). */
const NEWFLOW_PUBLIC: readonly { slug: string; title: string; lazy: RouteObject['lazy'] }[] = [
  { slug: 'partner', title: 'Check Your Rate', lazy: () => import('./routes/newflow/partner') },
  { slug: 'verify_email', title: 'Confirm your e-mail', lazy: () => import('./routes/newflow/verify-email') },
  { slug: 'already_started', title: 'Application in progress', lazy: () => import('./routes/newflow/already-started') },
  { slug: 'reset_password', title: 'Reset your password', lazy: () => import('./routes/newflow/reset-password') },
  { slug: 'reset_password/auth', title: 'Choose a new password', lazy: () => import('./routes/newflow/reset-password') },
];

/** The old-flow shell's other pages (signup and signin: landing-routes.tsx). */
const PUBLIC_PAGES: RouteObject[] = [
  { index: true, handle: handle('Installment loans through your employer'), lazy: () => import('./routes/landing') },
  { path: 'email_validation', handle: handle('Confirm your e-mail'), lazy: () => import('./routes/email-validation') },
  { path: 'forgot_password/:reset_password_token?', handle: handle('Reset your password'), lazy: () => import('./routes/forgot-password') },
  { path: 'c/:code', handle: handle('Signing in'), lazy: () => import('./routes/presigned-link') },
  { path: 'payment', id: 'payment', handle: handle('Payment'), lazy: () => import('./routes/payment') },
  { path: 'unavailable', handle: handle('System unavailable'), lazy: () => import('./routes/unavailable') },
  { path: 'privacy_policy', handle: handle('Privacy policy'), lazy: () => import('./routes/privacy-policy') },
  { path: 'service_terms', handle: handle('Terms of service'), lazy: () => import('./routes/service-terms') },
  {
    lazy: () => guards().then(({ RequireSession }) => ({ element: <RequireSession /> })),
    children: [
      {
        lazy: () => guards().then(({ RequireStatus }) => ({ element: <RequireStatus allowed={PHONE_STATUSES} /> })),
        children: [
          { path: 'application/phone_verification', handle: handle('Phone Verification', 1), lazy: () => import('./routes/phone-verification') },
          { path: 'phone_verification', handle: handle('Phone Verification', 1), lazy: () => import('./routes/phone-verification') },
        ],
      },
      ...CLASSIC_STEPS.map(({ path, id, title, statuses, step, stepPage, guard, lazy }): RouteObject => ({
        lazy: guard ?? (() => guards().then(({ RequireStatus }) => ({ element: <RequireStatus allowed={statuses} /> }))),
        children: [{ path, ...(id ? { id } : {}), handle: handle(title, step, stepPage), lazy }],
      })),
    ],
  },
  { path: '*', handle: handle('Page not found'), lazy: () => import('./routes/not-found') },
];

/** The new flow's other pages (its signup and signin: landing-routes.tsx). */
const NEWFLOW_PAGES: RouteObject[] = [
  { index: true, handle: handle('Your application'), lazy: () => import('./routes/newflow/entry') },
  ...NEWFLOW_PUBLIC.map(({ slug, title, lazy }): RouteObject => ({ path: slug, handle: nf(slug, title), lazy })),
  {
    lazy: () => guards().then(({ RequireSession }) => ({ element: <RequireSession signInPath={NEWFLOW_SIGNIN} /> })),
    children: NEWFLOW_STEPS.map(({ slug, title, statuses, lazy }): RouteObject => ({
      lazy: () => guards().then(({ RequireStatus }) => ({ element: <RequireStatus allowed={statuses ?? newflowStatusesForSlug(slug)} /> })),
      children: [{ path: slug, handle: nf(slug, title), lazy }],
    })),
  },
  { path: '*', handle: handle('Page not found'), lazy: () => import('./routes/not-found') },
];

/** New-UI pages: the dashboard shell (spec §2, "Shell (pages flagged as new UI)"). */
const DASHBOARD_SHELL: RouteObject = {
  lazy: () =>
    guards().then(({ RequireDashboard, RequireSession }) => ({
      element: (
        <RequireSession>
          <RequireDashboard />
        </RequireSession>
      ),
    })),
  children: [
    {
      // The shell (notifications, banners, chat) loads with the first new-UI page, not for visitors.
      lazy: () =>
        import('./layouts/app-shell-layout').then((module) => {
          // Before its first render: the shell's reads go into the cache while React draws it.
          module.startShellReads();
          return { Component: module.AppShellLayout };
        }),
      errorElement: <RouteError />,
      children: [
        { path: 'dashboard', id: 'dashboard', handle: handle('Dashboard'), lazy: () => import('./routes/dashboard') },
        {
          path: 'dashboard/loans-and-payments',
          id: 'loansAndPayments',
          handle: handle('Loans & Payments'),
          lazy: () => import('./routes/loans-and-payments'),
        },
        {
          path: 'dashboard/loans-and-payments/loan-history',
          id: 'loanHistory',
          handle: handle('Loan history'),
          lazy: () => import('./routes/loan-history'),
        },
        {
          path: 'dashboard/loans-and-payments/:loanId/change-due-date',
          id: 'changeDueDate',
          handle: handle('Change due date'),
          lazy: () => import('./routes/change-due-date'),
        },
        {
          path: 'dashboard/loans-and-payments/loan-history/:identifier',
          id: 'loanDetails',
          handle: handle('Loan details'),
          lazy: () => import('./routes/loans-and-payments'),
        },
        {
          path: 'dashboard/personal-information',
          id: 'personalInformation',
          handle: handle('Personal Information'),
          lazy: () => import('./routes/personal-information'),
        },
        { path: 'dashboard/referral', id: 'referral', handle: handle('Refer a Friend'), lazy: () => import('./routes/referral') },
        { path: 'dashboard/requests', id: 'requests', handle: handle('Requests'), lazy: () => import('./routes/requests') },
        { path: 'dashboard/consents', id: 'consents', handle: handle('Consents'), lazy: () => import('./routes/consents') },
        { path: 'dashboard/loans/:loanId/hardship', id: 'hardship', handle: handle('Hardship help'), lazy: () => import('./routes/hardship') },
        { path: 'dashboard/loans/:loanId/payment-plan', id: 'paymentPlan', handle: handle('Payment plan'), lazy: () => import('./routes/payment-plan') },
      ],
    },
  ],
};

/**
 * What the full table adds to the landing pages' (landing-routes.tsx), by the id of the route each list goes
 * under: the browser router starts with the landing table and adds these on the first other path.
 */
export const ROUTE_PATCHES: RoutePatches = { [PUBLIC_PAGES_ID]: PUBLIC_PAGES, [NEWFLOW_PAGES_ID]: NEWFLOW_PAGES, [ROOT_ID]: [DASHBOARD_SHELL] };

/** Route table; every page is a lazy chunk whose module exports `Component`. */
export const routes: RouteObject[] = routeTree({ public: PUBLIC_PAGES, newflow: NEWFLOW_PAGES, root: [DASHBOARD_SHELL] });
