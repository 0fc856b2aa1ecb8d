import type { ReactNode } from 'react';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { usePageTitle } from '../app/title';
import type { Capability } from '../lib/roles';
import { RequireRole } from './require-role';

/** A page's heading, with the line that says what the page is for under it when there is one. */
export function PageHeader({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <div className={styles.header}>
      {lead === undefined ? (
        <h1>{title}</h1>
      ) : (
        <div>
          <h1>{title}</h1>
          <p className={styles.lead}>{lead}</p>
        </div>
      )}
    </div>
  );
}

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
