import type { ReactNode } from 'react';
import { Alert } from '@payrail/ui/alert';
import { can, useRole } from '../lib/roles';
import type { Capability } from '../lib/roles';

/** Shows the page only to roles that have the capability; others get a calm explanation. */
export function RequireRole({ capability, children }: { capability: Capability; children: ReactNode }) {
  const role = useRole();
  if (!can(role, capability)) {
    return (
      <Alert kind="warning" title="This page is not available to your role.">
        <p>Ask an administrator if you need access.</p>
      </Alert>
    );
  }
  return <>{children}</>;
}
