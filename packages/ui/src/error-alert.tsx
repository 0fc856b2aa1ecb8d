import type { ReactNode } from 'react';
import { Alert } from './alert';

/**
 * The error of a form or an action, announced at once (`role="alert"`), where it stands in the page; nothing
 * while there is none. One place for `{error ? <Alert kind="error" assertive>{error}</Alert> : null}`.
 */
export function ErrorAlert({ message, className }: { message: ReactNode; className?: string }) {
  return message ? (
    <Alert kind="error" assertive className={className}>
      {message}
    </Alert>
  ) : null;
}
