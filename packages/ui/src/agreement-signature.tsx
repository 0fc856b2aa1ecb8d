import { useFormContext, useFormState } from 'react-hook-form';
import { Checkbox } from './checkbox';
import { FormError } from './form';
import { TextField } from './text-field';

/**
 * Signing an agreement inside a kit `Form`: the agreement's paragraphs under their heading, the signer's
 * typed full legal name (`signature_name`) and the consent box (`agree`), then the refusal of the last
 * submit, focused. The form's schema holds the messages (a name is required, the box must be ticked).
 */
export function AgreementSignature({ id, title, paragraphs, agreeLabel }: { id: string; title: string; paragraphs: readonly string[]; agreeLabel: string }) {
  const { register } = useFormContext<{ signature_name: string; agree: boolean }>();
  const { errors } = useFormState<{ signature_name: string; agree: boolean }>();
  return (
    <>
      <section aria-labelledby={id}>
        <h3 id={id}>{title}</h3>
        {paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </section>
      <TextField
        label="Type your full legal name to sign"
        autoComplete="name"
        error={errors.signature_name?.message}
        required
        {...register('signature_name')}
      />
      <Checkbox label={agreeLabel} error={errors.agree?.message} {...register('agree')} />
      <FormError focus />
    </>
  );
}
