import type { ReactNode } from 'react';
import { PageHeader } from '@payrail/ui/page-header';
import { usePageTitle } from '../app/title';
import type { Capability } from '../lib/roles';
import { RequireRole } from './require-role';

/** A back-office page: its document title, shown only to roles with the capability, under its heading. */
export function StaffPage({ title, capability, lead, children }: { title: string; capability: Capability; lead?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <RequireRole capability={capability}>
      <PageHeader title={title} lead={lead} />
      {children}
    </RequireRole>
  );
}
