import { z } from 'zod';
import { passwordIsValid, REFERRAL_CODE_MIN_EXCLUSIVE } from '@payrail/contract/identity';
import { MSG } from '@payrail/contract/messages';
import { NEWFLOW_MSG, ZPasswordCreationData } from '@payrail/contract/newflow';
import { PasswordPair } from '@payrail/ui/password-pair';
import { ReferralCodeField } from '../../../components/referral/referral-code-field';
import { StepCard } from './step-card';
import { StepForm, useStepForm } from './step-form';
import { StepScreen } from './step-states';

export const REFERRAL_TOO_SHORT = `A referral code has more than ${REFERRAL_CODE_MIN_EXCLUSIVE} characters.`;

/** Password rules (newflow §5): a digit, a lowercase and an uppercase letter, 8+ non-space characters; the repeat must match. */
export function passwordErrors(password: string, repeat: string, referral: string) {
  return {
    password: password ? (passwordIsValid(password) ? undefined : 'The password does not meet every rule below.') : MSG.required,
    password_confirm: repeat ? (repeat === password ? undefined : NEWFLOW_MSG.passwordMismatch) : MSG.required,
    refer_code: referral.trim() !== '' && referral.trim().length <= REFERRAL_CODE_MIN_EXCLUSIVE ? REFERRAL_TOO_SHORT : undefined,
  };
}

/** The step's answers: the password, its repeat and the optional referral code, under the rules of passwordErrors. */
const passwordCreationSchema = z.object({ password: z.string(), password_confirm: z.string(), refer_code: z.string() }).superRefine((answers, ctx) => {
  for (const [field, message] of Object.entries(passwordErrors(answers.password, answers.password_confirm, answers.refer_code))) {
    if (message) ctx.addIssue({ code: 'custom', path: [field], message });
  }
});
type PasswordCreationValues = z.infer<typeof passwordCreationSchema>;

function PasswordForm({ initialReferral }: { initialReferral: string }) {
  const form = useStepForm();
  const { serverErrors, submitted: touched } = form;

  const onSubmit = ({ password, password_confirm: repeat, refer_code: referral }: PasswordCreationValues) =>
    form.send({
      complete: Object.values(passwordErrors(password, repeat, referral)).every((value) => !value),
      body: () => ({ workflow_status_key: 'password_creation', loan_borrower: { password, password_confirm: repeat }, refer_code: referral.trim() || null }),
      // newflow §8: a failure shows the first message for refer_code under it; the line above only for others.
      messageOf: ({ fieldErrors, message }) =>
        fieldErrors.refer_code || fieldErrors.password || fieldErrors.password_confirm ? null : (message ?? Object.values(fieldErrors)[0] ?? null),
    });

  return (
    <StepForm
      schema={passwordCreationSchema}
      defaultValues={{ password: '', password_confirm: '', refer_code: initialReferral }}
      onSubmit={onSubmit}
      message={form.message}
      pending={form.pending}
      submitLabel="Create my password"
      submitDisabled="until-valid"
    >
      {({ watch }) => {
        const [password, repeat, referral] = [watch('password'), watch('password_confirm'), watch('refer_code')];
        const errors = passwordErrors(password, repeat, referral);
        return (
          <>
            <input type="text" name="username" autoComplete="username" hidden readOnly />
            {/* The rules show after a submit; the mismatch as soon as the repeat is as long as the password (newflow §5). */}
            <PasswordPair
              names={['password', 'password_confirm']}
              labels={{ password: 'Password', confirmation: 'Repeat password' }}
              errors={{
                password: serverErrors.password ?? (touched && password ? errors.password : undefined),
                confirmation: serverErrors.password_confirm ?? (repeat && (touched || repeat.length >= password.length) ? errors.password_confirm : undefined),
              }}
            />
            <ReferralCodeField
              name="refer_code"
              onChange={() => form.clearServerError('refer_code')}
              error={serverErrors.refer_code ?? (touched ? errors.refer_code : undefined) ?? null}
            />
          </>
        );
      }}
    </StepForm>
  );
}

/** password_creation (newflow §2, §5, §8): password, its repeat ("password does not match"), optional referral code. */
export function PasswordCreation() {
  return (
    <StepScreen step="password_creation" schema={ZPasswordCreationData} title="Create your password">
      {(data) => (
        <StepCard title="Create your password" lead="You will sign in with your e-mail and this password to follow your loan.">
          <PasswordForm initialReferral={data.refer_code ?? ''} />
        </StepCard>
      )}
    </StepScreen>
  );
}
