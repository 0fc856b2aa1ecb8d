import { useId } from 'react';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { ValidatedForm } from '@payrail/ui/validated-form';
import { fieldStyles, FieldError, FieldHint, FieldLabel } from '@payrail/ui/field';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { useSendSupportMessage } from '../api/send-support-message';
import { SUPPORT_MESSAGE_MAX, validateSupportMessage } from '../lib/support-message-rules';

export const SUPPORT_SENT = 'Message sent. Customer service will answer by e-mail within one business day.';

/**
 * The chat (sandbox chat adapter): a message to customer service, answered by e-mail. In the new-flow
 * shell, so validated without a schema library (support-message-rules.ts).
 */
export function ChatDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const send = useSendSupportMessage();
  const formId = useId();
  const fieldId = `${formId}-message`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="E-mail customer service"
      description="This is not a live chat: write your question and we will answer by e-mail. For anything urgent, call us."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={send.isPending}>
            Send message
          </Button>
        </>
      }
    >
      <ValidatedForm
        id={formId}
        validate={validateSupportMessage}
        options={{ defaultValues: { message: '' } }}
        onSubmit={async (values, form) => {
          try {
            await send.mutateAsync(values);
            notify.success(SUPPORT_SENT);
            form.reset();
            onClose();
          } catch (error) {
            const message = isApiError(error) ? (error.fieldError('message') ?? error.serverMessage ?? error.message) : undefined;
            form.setError('message', { type: 'server', message: message ?? 'The message could not be sent. Please try again.' });
          }
        }}
      >
        {({ register, formState }) => {
          const error = formState.errors.message?.message;
          return (
            <div className={fieldStyles.field}>
              <FieldLabel htmlFor={fieldId}>Your message</FieldLabel>
              <FieldHint id={`${fieldId}-hint`}>Do not include your full SSN or bank account number.</FieldHint>
              <textarea
                id={fieldId}
                className={fieldStyles.control}
                rows={6}
                maxLength={SUPPORT_MESSAGE_MAX}
                aria-invalid={error ? true : undefined}
                aria-describedby={[`${fieldId}-hint`, error ? `${fieldId}-error` : null].filter(Boolean).join(' ')}
                {...register('message')}
              />
              <FieldError id={error ? `${fieldId}-error` : undefined}>{error}</FieldError>
            </div>
          );
        }}
      </ValidatedForm>
    </Dialog>
  );
}
