import { useState } from 'react';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { MSG } from '@payrail/contract/messages';
import type { TNewflowSignupRequest } from '@payrail/contract/newflow';
import type { AgreementName, TEmployer, TState } from '@payrail/contract/reference';
import { cents, formatUsdWhole } from '@payrail/domain/money';
import { EmailField } from '@payrail/ui/email-field';
import { Alert } from '@payrail/ui/alert';
import { Checkbox } from '@payrail/ui/checkbox';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { ValidatedForm } from '@payrail/ui/validated-form';
import { ReferralCodeField } from '../../../components/referral/referral-code-field';
import { getFingerprint } from '../../../lib/fingerprint';
import { navigate } from '@payrail/client/navigation';
import { sessionStore } from '../../../lib/session-store';
import { useSubmitSignup } from '../hooks/use-submit-signup';
import { useAuthPaths } from '../lib/auth-paths';
import { EMPLOYEE_ID_MAX, checkYourRateDefaults, validateCheckYourRate } from '../lib/newflow-signup-rules';
import type { CheckYourRateInput, CheckYourRateValues } from '../lib/newflow-signup-rules';
import { AuthCard } from './auth-card';
import { AuthTabs } from './auth-tabs';
import { LoanRequestForm } from './loan-request';
import type { LoanRequest } from './loan-request';
import { ChosenAnswer, SignInFooter, useStepStartFocus } from './signup-steps';
import { NEWFLOW_SIGNUP_AGREEMENTS } from './signup-agreements';
import { StateOfResidence } from './state-of-residence';
import { GatedSubmit } from './gated-submit';
import styles from './auth.module.css';

/** Renders a link that opens an agreement document (composed in app/, from the legal feature). */
export type AnyAgreementLink = (agreement: AgreementName, label: string) => ReactNode;

export { EMPLOYEE_ID_MAX };

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
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const stepRef = useStepStartFocus(state ? '[data-step-start]' : loan ? 'select' : 'input');
  // The rules without a schema library (../lib/form-rules.ts, the page's plain validator module).
  const validate = (values: CheckYourRateInput) => validateCheckYourRate(values, Boolean(partner));

  const submitAccount = async (values: CheckYourRateValues, form: UseFormReturn<CheckYourRateInput, unknown, CheckYourRateValues>) => {
    if (!loan || !state) return;
    setOtherErrors([]);
    const body: TNewflowSignupRequest = {
      application_member: { email: values.email },
      fingerprint: getFingerprint(),
      // The terms checkbox covers all five documents (NewflowTermsLabel): each is recorded by the server.
      agreements: NEWFLOW_SIGNUP_AGREEMENTS,
      loan_borrower: {
        state_id: state.id,
        employer_id: values.employer?.id ?? null,
        friend_refer_code: values.friend_refer_code,
        ...(values.employee_id !== undefined ? { employee_id: values.employee_id } : {}),
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
      const other: string[] = [];
      for (const [field, message] of Object.entries(outcome.fieldErrors)) {
        if (field === 'email' || field === 'friend_refer_code' || field === 'employee_id') form.setError(field, { message });
        else other.push(message);
      }
      setOtherErrors(other);
    }
  };

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
                <ValidatedForm
                  aria-label="Your e-mail"
                  validate={validate}
                  options={{ mode: 'onTouched', defaultValues: checkYourRateDefaults }}
                  onSubmit={submitAccount}
                >
                  {({ register, control, watch, formState: { errors } }) => {
                    const canSubmit = validate(watch()).errors === undefined;
                    return (
                      <>
                        {otherErrors.length > 0 ? (
                          <Alert kind="error" assertive>
                            {otherErrors.join(' ')}
                          </Alert>
                        ) : null}
                        {partner ? (
                          <>
                            <Controller
                              control={control}
                              name="employer"
                              render={({ field }) => (
                                <>{partner.renderEmployerPicker({ value: field.value, onChange: field.onChange, error: errors.employer?.message })}</>
                              )}
                            />
                            <TextField
                              label="Employee ID"
                              required
                              maxLength={EMPLOYEE_ID_MAX}
                              autoComplete="off"
                              error={errors.employee_id?.message}
                              {...register('employee_id')}
                            />
                          </>
                        ) : null}
                        <EmailField />
                        <ReferralCodeField name="friend_refer_code" />
                        <Checkbox label={<NewflowTermsLabel agreementLink={agreementLink} />} {...register('terms')} />
                        <div className={styles.actions}>
                          <GatedSubmit open={canSubmit} pending={pending} hint="Fill in every field and accept the terms to continue.">
                            Check Your Rate
                          </GatedSubmit>
                        </div>
                      </>
                    );
                  }}
                </ValidatedForm>
              </>
            )}
          </>
        )}
      </div>
      <SignInFooter question="Already started?" />
    </AuthCard>
  );
}
