import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { MSG } from '@payrail/contract/messages';
import type { TNewflowSignupRequest } from '@payrail/contract/newflow';
import type { AgreementName, TEmployer, TState } from '@payrail/contract/reference';
import { cents, formatUsdWhole } from '@payrail/domain/money';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { getFingerprint } from '../../../lib/fingerprint';
import { navigate } from '@payrail/client/navigation';
import { sessionStore } from '../../../lib/session-store';
import { useSubmitSignup } from '../hooks/use-submit-signup';
import { useAuthPaths } from '../lib/auth-paths';
import { REFERRAL_TOO_SHORT, emailProblem } from '../lib/form-rules';
import { AuthCard } from './auth-card';
import { AuthTabs } from './auth-tabs';
import { LoanRequestForm } from './loan-request';
import type { LoanRequest } from './loan-request';
import { ChosenAnswer, SignInFooter, useStepStartFocus } from './signup-steps';
import { NEWFLOW_SIGNUP_AGREEMENTS } from './signup-agreements';
import { StateOfResidence } from './state-of-residence';
import styles from './auth.module.css';

/** Renders a link that opens an agreement document (composed in app/, from the legal feature). */
export type AnyAgreementLink = (agreement: AgreementName, label: string) => ReactNode;

/** Employee ids of partner employers have at most 30 characters (newflow §5, §9). */
export const EMPLOYEE_ID_MAX = 30;

/** The new-flow terms (newflow §2): the four documents and the terms-of-use PDF. */
export function NewflowTermsLabel({ agreementLink }: { agreementLink: AnyAgreementLink }) {
  return (
    <>
      I have read and agree to the {agreementLink('privacy_notice', 'Privacy Notice')}, the{' '}
      {agreementLink('consent_eletronic_comunications', 'Consent to Electronic Communications')}, the{' '}
      {agreementLink('consent_text_messaging', 'Text Messaging Consent')}, the {agreementLink('auto_debit_disclosure', 'Auto Debit Disclosure')} and the{' '}
      {agreementLink('terms_of_use', 'Terms of Use')}.
    </>
  );
}

export interface CheckYourRateProps {
  agreementLink: AnyAgreementLink;
  /**
   * Partner sign-up (newflow §2): the borrower picks a partner employer (b2b_partner) and gives the
   * employee id. The picker is composed in app/ from the employer feature.
   */
  partner?: { renderEmployerPicker: (props: { value: TEmployer | null; onChange: (employer: TEmployer | null) => void; error?: string }) => ReactNode } | null;
}

/**
 * Check Your Rate (newflow §2, §3): the loan information, the state of residence, then the e-mail,
 * an optional referral code and the terms. No password yet (it comes at password_creation): the
 * answer has no token, so the applicant goes to verify_email with the e-mail kept for "resend".
 */
export function CheckYourRate({ agreementLink, partner }: CheckYourRateProps) {
  const paths = useAuthPaths();
  const { submit, pending } = useSubmitSignup();
  const [loan, setLoan] = useState<LoanRequest | null>(null);
  const [state, setState] = useState<TState | null>(null);
  const [email, setEmail] = useState('');
  const [referral, setReferral] = useState('');
  const [terms, setTerms] = useState(false);
  const [employer, setEmployer] = useState<TEmployer | null>(null);
  const [employeeId, setEmployeeId] = useState('');
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const gateId = useId();
  const stepRef = useStepStartFocus(state ? '[data-step-start]' : loan ? 'select' : 'input');

  // The e-mail field's rules without a schema library (form-rules.ts; form-rules.test.ts holds it to `emailField`).
  const emailError = emailProblem(email);
  const referralError = referral.trim() !== '' && referral.trim().length <= 3 ? REFERRAL_TOO_SHORT : undefined;
  const employeeIdError = partner
    ? employeeId.trim() === ''
      ? MSG.required
      : employeeId.length > EMPLOYEE_ID_MAX
        ? `At most ${EMPLOYEE_ID_MAX} characters.`
        : undefined
    : undefined;
  const employerError = partner && !employer ? MSG.required : undefined;
  const canSubmit = emailError === null && !referralError && terms && !employeeIdError && !employerError;

  const submitAccount = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched({ email: true, referral: true, employeeId: true, employer: true });
    if (!canSubmit || !loan || !state) return;
    setServerErrors({});
    const body: TNewflowSignupRequest = {
      application_member: { email: email.trim() },
      fingerprint: getFingerprint(),
      // The terms checkbox covers all five documents (NewflowTermsLabel): each is recorded by the server.
      agreements: NEWFLOW_SIGNUP_AGREEMENTS,
      loan_borrower: {
        state_id: state.id,
        employer_id: employer?.id ?? null,
        friend_refer_code: referral.trim() || null,
        ...(partner ? { employee_id: employeeId.trim() } : {}),
      },
      loan,
      new_flow: true,
    };
    const outcome = await submit(body);
    if (outcome.kind === 'created') {
      notify.success(MSG.signupSuccess);
      sessionStore.setPendingEmail(outcome.result.account.email);
      navigate(paths.emailValidation);
    } else if (outcome.kind === 'invalid') {
      setServerErrors(outcome.fieldErrors);
    }
  };

  const otherErrors = Object.entries(serverErrors).filter(([field]) => !['email', 'friend_refer_code', 'employee_id'].includes(field));

  return (
    <AuthCard
      titleId="signup-title"
      title="Check Your Rate"
      above={<AuthTabs current="signup" />}
      lead={
        !loan
          ? 'Tell us about the loan you need. Checking your rate does not affect your credit score.'
          : !state
            ? 'Where do you live?'
            : 'Last, where should we send your confirmation code?'
      }
    >
      <div ref={stepRef}>
        {!loan ? (
          <LoanRequestForm onContinue={setLoan} />
        ) : (
          <>
            <ChosenAnswer what="loan information" onChange={() => setLoan(null)}>
              Loan: <strong>{formatUsdWhole(cents(loan.amount))}</strong>, paid {loan.payment_frequency}, for {loan.loan_purpose_name}
            </ChosenAnswer>
            {!state ? (
              <StateOfResidence initialStateId={null} onContinue={setState} />
            ) : (
              <>
                <ChosenAnswer what="state of residence" onChange={() => setState(null)} stepStart>
                  State of residence: <strong>{state.name}</strong>
                </ChosenAnswer>
                <form noValidate aria-label="Your e-mail" onSubmit={(event) => void submitAccount(event)}>
                  {otherErrors.length > 0 ? (
                    <Alert kind="error" assertive>
                      {otherErrors.map(([, message]) => message).join(' ')}
                    </Alert>
                  ) : null}
                  {partner ? (
                    <>
                      {partner.renderEmployerPicker({ value: employer, onChange: setEmployer, error: touched.employer ? employerError : undefined })}
                      <TextField
                        label="Employee ID"
                        required
                        maxLength={EMPLOYEE_ID_MAX}
                        autoComplete="off"
                        value={employeeId}
                        error={serverErrors.employee_id ?? (touched.employeeId ? employeeIdError : undefined)}
                        onChange={(event) => setEmployeeId(event.target.value)}
                        onBlur={() => setTouched((value) => ({ ...value, employeeId: true }))}
                      />
                    </>
                  ) : null}
                  <TextField
                    label="Email"
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    required
                    value={email}
                    error={serverErrors.email ?? (touched.email && emailError !== null ? emailError : undefined)}
                    onChange={(event) => {
                      setEmail(event.target.value);
                      setServerErrors(({ email: _dropped, ...rest }) => rest);
                    }}
                    onBlur={() => setTouched((value) => ({ ...value, email: true }))}
                  />
                  <TextField
                    label="Referral code"
                    optional
                    hint="Did a friend refer you? Enter their code."
                    autoComplete="off"
                    autoCapitalize="characters"
                    value={referral}
                    error={serverErrors.friend_refer_code ?? (touched.referral ? referralError : undefined)}
                    onChange={(event) => setReferral(event.target.value)}
                    onBlur={() => setTouched((value) => ({ ...value, referral: true }))}
                  />
                  <Checkbox label={<NewflowTermsLabel agreementLink={agreementLink} />} checked={terms} onChange={(event) => setTerms(event.target.checked)} />
                  <div className={styles.actions}>
                    <Button type="submit" size="lg" fullWidth disabled={!canSubmit} loading={pending} aria-describedby={canSubmit ? undefined : gateId}>
                      Check Your Rate
                    </Button>
                    {canSubmit ? null : (
                      <p id={gateId} className={styles.hint}>
                        Fill in every field and accept the terms to continue.
                      </p>
                    )}
                  </div>
                </form>
              </>
            )}
          </>
        )}
      </div>
      <SignInFooter question="Already started?" />
    </AuthCard>
  );
}
