import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import type { TApplicationDetail } from '@payrail/contract/backoffice';
import { errorMessage } from '../../../lib/errors';
import { useSetServicerFlags } from '../api/servicer-flags';

/**
 * The account's servicer capabilities (access §6): hasNelNet with the servicer's id (the borrower gets a
 * button to the external servicer's dashboard) and hasJackHenry (the Payment button and /payment).
 */
export function ServicerFlagsPanel({ userId, flags }: { userId: number; flags: TApplicationDetail['servicer_flags'] }) {
  const save = useSetServicerFlags(userId);
  const [hasNelnet, setHasNelnet] = useState(flags.has_nelnet);
  const [nelnetId, setNelnetId] = useState(flags.nelnet_id ?? '');
  const [hasJackHenry, setHasJackHenry] = useState(flags.has_jack_henry);
  const [idError, setIdError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIdError(undefined);
    setFailure(null);
    save.mutate(
      { has_nelnet: hasNelnet, nelnet_id: nelnetId.trim() === '' ? null : nelnetId.trim(), has_jack_henry: hasJackHenry },
      {
        onSuccess: () => notify.success('Servicer settings saved.'),
        onError: (error) => {
          if (isApiError(error) && error.fieldError('nelnet_id')) setIdError(`Servicer id ${error.fieldError('nelnet_id')}`);
          else setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Servicer settings" noValidate>
      <Checkbox label="Serviced by the external servicer (hasNelNet)" checked={hasNelnet} onChange={(e) => setHasNelnet(e.target.checked)} />
      <TextField label="Servicer id" optional={!hasNelnet} value={nelnetId} maxLength={60} error={idError} onChange={(e) => setNelnetId(e.target.value)} />
      <Checkbox label="Core-banking payments (hasJackHenry)" checked={hasJackHenry} onChange={(e) => setHasJackHenry(e.target.checked)} />
      {failure ? <Alert kind="error">{failure}</Alert> : null}
      <Button type="submit" loading={save.isPending}>
        Save servicer settings
      </Button>
    </form>
  );
}
