import { z } from 'zod';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { Form, FormError } from '@payrail/ui/form';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import type { TApplicationDetail } from '@payrail/contract/backoffice';
import type { TServicerFlags } from '@payrail/contract/identity';
import { errorMessage } from '@payrail/ui/error-message';
import { useSetServicerFlags } from '../api/servicer-flags';

/** The flags as the contract sends them (an empty id is none); whether hasNelNet needs its id is the server's answer. */
const flagsSchema = z
  .object({ has_nelnet: z.boolean(), nelnet_id: z.string().trim().max(60), has_jack_henry: z.boolean() })
  .transform((flags): TServicerFlags => ({ ...flags, nelnet_id: flags.nelnet_id === '' ? null : flags.nelnet_id }));

/**
 * The account's servicer capabilities (access §6): hasNelNet with the servicer's id (the borrower gets a
 * button to the external servicer's dashboard) and hasJackHenry (the Payment button and /payment).
 */
export function ServicerFlagsPanel({ userId, flags }: { userId: number; flags: TApplicationDetail['servicer_flags'] }) {
  const save = useSetServicerFlags(userId);
  return (
    <Form
      schema={flagsSchema}
      options={{ mode: 'onSubmit', defaultValues: { has_nelnet: flags.has_nelnet, nelnet_id: flags.nelnet_id ?? '', has_jack_henry: flags.has_jack_henry } }}
      submitError={(error) => errorMessage(error)}
      onSubmit={async (body, form) => {
        try {
          await save.mutateAsync(body);
        } catch (error) {
          const idError = isApiError(error) ? error.fieldError('nelnet_id') : undefined;
          if (!idError) throw error;
          form.setError('nelnet_id', { type: 'server', message: `Servicer id ${idError}` }, { shouldFocus: true });
          return;
        }
        notify.success('Servicer settings saved.');
      }}
      aria-label="Servicer settings"
    >
      {({ register, watch, formState: { errors } }) => (
        <>
          <Checkbox label="Serviced by the external servicer (hasNelNet)" {...register('has_nelnet')} />
          <TextField label="Servicer id" optional={!watch('has_nelnet')} maxLength={60} error={errors.nelnet_id?.message} {...register('nelnet_id')} />
          <Checkbox label="Core-banking payments (hasJackHenry)" {...register('has_jack_henry')} />
          <FormError />
          <Button type="submit" loading={save.isPending}>
            Save servicer settings
          </Button>
        </>
      )}
    </Form>
  );
}
