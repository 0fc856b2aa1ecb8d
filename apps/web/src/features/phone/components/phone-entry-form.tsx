import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { Checkbox } from '@payrail/ui/checkbox';
import { Form } from '@payrail/ui/form';
import { StepActions } from '@payrail/ui/step-actions';
import { splitPhone } from '../lib/phone-number';
import type { PhoneMode, TestCountry } from '../lib/phone-number';
import { phoneEntrySchema } from './phone-entry.schema';
import { PhoneNumberInputs } from './phone-number-field';

export interface PhoneEntryFormProps {
  mode: PhoneMode;
  /** The number on file (edit) or the one just typed (back from code entry); empty for a first entry. */
  initialNumber: string | null;
  /** First entry: ask for the text-messaging consent, with a link to its document. */
  askConsent: boolean;
  consentLink: (label: string) => ReactNode;
  /** The server's error for the number (errors.phone[0], a 429 text). */
  serverError?: string;
  pending: boolean;
  onSubmit: (e164: string) => void;
  onBack?: () => void;
  backPending?: boolean;
  /** The invalid-number message; the edit dialog uses the short 'invalid phone'. */
  invalidMessage?: string;
  /** The submit button's text; by default 'Send code', or 'Save and send code' when editing. */
  submitLabel?: string;
}

/** The phone entry (no phone yet) and edit (phone on file) views of phone verification. */
export function PhoneEntryForm({
  mode,
  initialNumber,
  askConsent,
  consentLink,
  serverError,
  pending,
  onSubmit,
  onBack,
  backPending,
  invalidMessage,
  submitLabel,
}: PhoneEntryFormProps) {
  const initial = splitPhone(initialNumber);
  const schema = phoneEntrySchema(mode, askConsent, invalidMessage);
  return (
    <Form
      schema={schema}
      options={{
        mode: 'onTouched',
        defaultValues: { country: initial.country, number: mode === 'us' ? initial.usDigits : initial.national, consent: false },
      }}
      aria-label={initialNumber ? 'Edit mobile number' : 'Mobile number'}
      onSubmit={(values) => onSubmit(values.e164)}
    >
      {({ control, register, formState, watch, setValue }) => {
        const consent = watch('consent');
        const blocked = askConsent && !consent;
        const numberError = formState.errors.number?.message ?? serverError;
        return (
          <>
            <Controller
              control={control}
              name="number"
              render={({ field }) => (
                <PhoneNumberInputs
                  mode={mode}
                  name={field.name}
                  inputRef={field.ref}
                  country={watch('country') as TestCountry}
                  number={field.value}
                  onChange={(number, country) => {
                    if (mode !== 'us') setValue('country', country);
                    field.onChange(number);
                  }}
                  onBlur={field.onBlur}
                  error={numberError}
                />
              )}
            />
            {askConsent ? (
              <Checkbox
                label={
                  <>
                    I agree to receive text messages from Payrail, as described in the {consentLink('Consent to Text Messaging')}. Message and data rates may
                    apply.
                  </>
                }
                error={formState.errors.consent?.message}
                {...register('consent')}
              />
            ) : null}
            <StepActions
              submitLabel={submitLabel ?? (initialNumber ? 'Save and send code' : 'Send code')}
              pending={pending}
              disabled={blocked}
              hint={blocked ? 'Accept the text messaging consent to receive the code.' : undefined}
              onBack={onBack}
              backPending={backPending}
            />
          </>
        );
      }}
    </Form>
  );
}
