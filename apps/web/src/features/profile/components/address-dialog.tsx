import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { MSG } from '@payrail/contract/messages';
import type { TAddressSuggestion } from '@payrail/contract/address';
import type { TProfile } from '@payrail/contract/profile';
import { AddressAutocomplete } from '../../../components/address/address-autocomplete';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { Select } from '@payrail/ui/select';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { useStates } from '../../../api/get-states';
import { useUpdateProfile } from '../api/profile';

/** The unit number's limit (newflow §5 "unit number max 10"); the zip is 5 digits. */
export const UNIT_NUMBER_MAX = 10;
const ZIP_LENGTH = 5;

type Values = { address: string; unit_number: string; city: string; state_id: string; zip_code: string };
type Errors = Partial<Record<keyof Values, string>>;

const valuesOf = (p: TProfile['borrower']): Values => ({
  address: p.address ?? '',
  unit_number: p.unit_number ?? '',
  city: p.city ?? '',
  state_id: p.state ? String(p.state.id) : '',
  zip_code: p.zip_code ?? '',
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
export function AddressDialog({ open, onClose, borrower }: AddressDialogProps) {
  const formId = useId();
  const states = useStates();
  const update = useUpdateProfile();
  const [values, setValues] = useState<Values>(() => valuesOf(borrower));
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (open) {
      setValues(valuesOf(borrower));
      setErrors({});
    }
  }, [open, borrower]);

  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const pick = (s: TAddressSuggestion) => {
    const state = states.data?.find((st) => st.abbreviation === s.state);
    setValues((v) => ({
      address: s.address,
      unit_number: s.unit_number || v.unit_number,
      city: s.city,
      state_id: state ? String(state.id) : v.state_id,
      zip_code: s.zip_code,
    }));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await update.mutateAsync({
        borrower: {
          address: values.address,
          unit_number: values.unit_number,
          city: values.city,
          state_id: values.state_id === '' ? '' : Number(values.state_id),
          zip_code: values.zip_code,
        },
      });
      notify.success(MSG.updateSuccessful);
      onClose();
    } catch (error) {
      if (handledGlobally(error)) return;
      if (isApiError(error) && error.status === 422 && Object.keys(error.fieldErrors).length > 0) {
        setErrors({
          address: error.fieldError('address'),
          unit_number: error.fieldError('unit_number'),
          city: error.fieldError('city'),
          state_id: error.fieldError('state_id'),
          zip_code: error.fieldError('zip_code'),
        });
        return;
      }
      notify.error(isApiError(error) && error.serverMessage ? error.serverMessage : MSG.tryAgainLater);
    }
  };

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
          <Button type="submit" form={formId} disabled={update.isPending}>
            Save address
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <AddressAutocomplete label="Address" value={values.address} error={errors.address} onChange={set('address')} onPick={pick} />
        <TextField
          label="P.O. box"
          optional
          value={values.unit_number}
          maxLength={UNIT_NUMBER_MAX}
          error={errors.unit_number}
          onChange={(e) => set('unit_number')(e.target.value)}
          autoComplete="address-line2"
        />
        <TextField label="City" value={values.city} error={errors.city} onChange={(e) => set('city')(e.target.value)} autoComplete="address-level2" />
        <Select
          label="State"
          placeholder="Choose a state"
          value={values.state_id}
          error={errors.state_id}
          onChange={(e) => set('state_id')(e.target.value)}
          options={(states.data ?? []).map((s) => ({ value: String(s.id), label: `${s.abbreviation} - ${s.name}` }))}
        />
        <TextField
          label="Zip code"
          value={values.zip_code}
          inputMode="numeric"
          maxLength={ZIP_LENGTH}
          error={errors.zip_code}
          onChange={(e) => set('zip_code')(e.target.value.replace(/\D/g, ''))}
          autoComplete="postal-code"
        />
      </form>
    </Dialog>
  );
}
