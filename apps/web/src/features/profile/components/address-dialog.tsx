import { Controller } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { MSG } from '@payrail/contract/messages';
import type { TAddressSuggestion } from '@payrail/contract/address';
import { PROFILE_ADDRESS_FIELDS, ZUpdateProfileRequest } from '@payrail/contract/profile';
import type { TProfile, TUpdateProfileRequest } from '@payrail/contract/profile';
import { AddressAutocomplete } from '../../../components/address/address-autocomplete';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { Form } from '@payrail/ui/form';
import { SelectField } from '@payrail/ui/select-field';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { useStates } from '../../../api/get-states';
import { useUpdateProfile } from '../api/profile';

/** The unit number's limit (newflow §5 "unit number max 10"); the zip is 5 digits. */
export const UNIT_NUMBER_MAX = 10;
const ZIP_LENGTH = 5;

/**
 * The dialog's fields as typed (the state as its select's value), into PUT /users/info's body: the state
 * chosen goes as its id (an empty choice as '', for the server to refuse under the field).
 */
export const addressFormSchema = z
  .object({
    borrower: z.object({ address: z.string(), unit_number: z.string(), city: z.string(), state_id: z.string(), zip_code: z.string() }),
  })
  .transform(({ borrower }): z.input<typeof ZUpdateProfileRequest> => ({
    borrower: { ...borrower, state_id: borrower.state_id === '' ? '' : Number(borrower.state_id) },
  }))
  .pipe(ZUpdateProfileRequest);

type AddressInput = z.input<typeof addressFormSchema>;
type AddressForm = UseFormReturn<AddressInput, unknown, TUpdateProfileRequest>;

const valuesOf = (p: TProfile['borrower']): AddressInput => ({
  borrower: {
    address: p.address ?? '',
    unit_number: p.unit_number ?? '',
    city: p.city ?? '',
    state_id: p.state ? String(p.state.id) : '',
    zip_code: p.zip_code ?? '',
  },
});

/** Handled by the api-client (warning and redirect, permission notice, unavailable page). */
const handledGlobally = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 503);

export interface AddressDialogProps {
  open: boolean;
  onClose: () => void;
  borrower: TProfile['borrower'];
}

/**
 * The address dialog of personal information (newflow §2): US address autocomplete fills address, unit,
 * city, state and zip, every field stays editable; Save sends PUT /users/info, shows "Update
 * successful!" and closes. The server's field messages show under their fields.
 */
export function AddressDialog(props: AddressDialogProps) {
  // Each opening starts from the profile on file.
  return <AddressDialogBody key={props.open ? 'open' : 'closed'} {...props} />;
}

function AddressDialogBody({ open, onClose, borrower }: AddressDialogProps) {
  const states = useStates();
  const update = useUpdateProfile();

  const pick = (form: AddressForm, s: TAddressSuggestion) => {
    const state = states.data?.find((st) => st.abbreviation === s.state);
    const current = form.getValues('borrower');
    form.reset(
      {
        borrower: {
          address: s.address,
          unit_number: s.unit_number || current.unit_number,
          city: s.city,
          state_id: state ? String(state.id) : current.state_id,
          zip_code: s.zip_code,
        },
      },
      { keepDefaultValues: true },
    );
  };

  const submit = async (body: TUpdateProfileRequest, form: AddressForm) => {
    try {
      await update.mutateAsync(body);
      notify.success(MSG.updateSuccessful);
      onClose();
    } catch (error) {
      if (handledGlobally(error)) return;
      if (isApiError(error) && error.status === 422 && Object.keys(error.fieldErrors).length > 0) {
        for (const field of PROFILE_ADDRESS_FIELDS) {
          const message = error.fieldError(field);
          if (message) form.setError(`borrower.${field}`, { type: 'server', message });
        }
        return;
      }
      notify.error(isApiError(error) && error.serverMessage ? error.serverMessage : MSG.tryAgainLater);
    }
  };

  return (
    <Form id="address-form" schema={addressFormSchema} options={{ mode: 'onSubmit', defaultValues: valuesOf(borrower) }} onSubmit={submit}>
      {(form) => {
        const {
          control,
          register,
          formState: { errors, isSubmitting },
        } = form;
        return (
          <Dialog
            open={open}
            onClose={onClose}
            title="Edit address"
            footer={
              <>
                <Button variant="secondary" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" form="address-form" disabled={isSubmitting}>
                  Save address
                </Button>
              </>
            }
          >
            <Controller
              control={control}
              name="borrower.address"
              render={({ field, fieldState }) => (
                <AddressAutocomplete
                  label="Address"
                  value={field.value}
                  error={fieldState.error?.message}
                  onChange={field.onChange}
                  onPick={(s) => pick(form, s)}
                />
              )}
            />
            <TextField
              label="P.O. box"
              optional
              maxLength={UNIT_NUMBER_MAX}
              error={errors.borrower?.unit_number?.message}
              autoComplete="address-line2"
              {...register('borrower.unit_number')}
            />
            <TextField label="City" error={errors.borrower?.city?.message} autoComplete="address-level2" {...register('borrower.city')} />
            <SelectField
              name="borrower.state_id"
              label="State"
              placeholder="Choose a state"
              options={(states.data ?? []).map((s) => ({ value: String(s.id), label: `${s.abbreviation} - ${s.name}` }))}
            />
            <Controller
              control={control}
              name="borrower.zip_code"
              render={({ field, fieldState }) => (
                <TextField
                  label="Zip code"
                  inputMode="numeric"
                  maxLength={ZIP_LENGTH}
                  autoComplete="postal-code"
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value.replace(/\D/g, ''))}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Dialog>
        );
      }}
    </Form>
  );
}
