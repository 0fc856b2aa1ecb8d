import { ErrorAlert } from '@payrail/ui/error-alert';

/** The server's refusals of a payment form, announced at once: one as a sentence, more as a list; nothing while there is none. */
export function ErrorMessages({ messages }: { messages: readonly string[] }) {
  return (
    <ErrorAlert
      message={
        messages.length > 1 ? (
          <ul>
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : (
          messages[0]
        )
      }
    />
  );
}
