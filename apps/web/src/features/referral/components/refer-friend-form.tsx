import { Controller } from 'react-hook-form';
import { REFERRAL_MSG } from '@payrail/contract/referral';
import { Button } from '@payrail/ui/button';
import { Form } from '@payrail/ui/form';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { useReferFriend } from '../api/referral-api';
import { normalizeReferCode, referFriendSchema } from './refer-friend.schema';
import styles from './referral.module.css';

export const REFER_SAVE_ERROR = 'We could not save the code. Please try again.';

/**
 * The code of the friend who referred the borrower: "Friend referred successfully" (or the server's text) on
 * success; the server's text under the field on failure. A message stays until the next Refer.
 */
export function ReferFriendForm() {
  const refer = useReferFriend();
  return (
    <Form
      className={styles.form}
      schema={referFriendSchema}
      options={{ mode: 'onSubmit', reValidateMode: 'onSubmit', shouldFocusError: false, defaultValues: { refer_code: '' } }}
      onSubmit={async ({ refer_code: code }, form) => {
        try {
          const res = await refer.mutateAsync(code);
          form.reset({ refer_code: '' });
          notify.success(res.message ?? REFERRAL_MSG.friendReferred);
        } catch (error) {
          const message = isApiError(error) ? (error.fieldError('refer_code') ?? error.serverMessage) : undefined;
          form.setError('refer_code', { type: 'server', message: message ?? REFER_SAVE_ERROR });
        }
      }}
    >
      {({ control, watch }) => (
        <>
          <Controller
            control={control}
            name="refer_code"
            render={({ field, fieldState }) => (
              <TextField
                label="Friend's referral code"
                maxLength={40}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(normalizeReferCode(event.target.value))}
                error={fieldState.error?.message}
              />
            )}
          />
          <Button type="submit" loading={refer.isPending} disabled={watch('refer_code').trim().length === 0}>
            Refer
          </Button>
        </>
      )}
    </Form>
  );
}
