import { z } from 'zod';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { Form } from '@payrail/ui/form';
import { saveBlob } from '../../../lib/api-client';
import styles from './totp-enrolment.module.css';

export const SAVED_REQUIRED = 'Confirm that you saved your recovery codes.';

const savedSchema = z.object({ saved: z.boolean().refine((saved) => saved, SAVED_REQUIRED) });

/** The one-time recovery codes, shown this once; the person confirms they saved them before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <>
      <Alert kind="warning" title="Save these codes now">
        Each code signs you in once if you lose your phone. We will not show them again.
      </Alert>
      <ol className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            saveBlob(new Blob([`Payrail employer portal recovery codes\n\n${codes.join('\n')}\n`], { type: 'text/plain' }), 'payrail-recovery-codes.txt')
          }
        >
          Download the codes
        </Button>
      </div>
      <Form
        schema={savedSchema}
        options={{ mode: 'onSubmit', reValidateMode: 'onChange', defaultValues: { saved: false } }}
        aria-label="Confirm you saved your recovery codes"
        onSubmit={() => onDone()}
      >
        {({ register, formState: { errors } }) => (
          <>
            <Checkbox label="I saved these recovery codes somewhere safe" error={errors.saved?.message} {...register('saved')} />
            <Button type="submit" fullWidth>
              Continue to the portal
            </Button>
          </>
        )}
      </Form>
    </>
  );
}
