import { useId, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { isApiError } from '@payrail/client/http-client';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Form } from '@payrail/ui/form';
import { LoadingBlock } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { EmailField } from '@payrail/ui/email-field';
import { notify } from '@payrail/ui/toast/notify';
import { EMAIL_PATTERN } from '@payrail/contract/identity-rules';
import { EMPLOYER_INVITATION_DAYS } from '@payrail/contract/employer-portal';
import type { TBackofficeEmployerDetail, TBackofficeEmployerInvitation, TBackofficeEmployerUser } from '@payrail/contract/employer-portal';
import { Badge } from '../../../components/badge';
import type { BadgeTone } from '../../../components/badge';
import { ConfirmDialog } from '@payrail/ui/confirm-dialog';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { errorMessage } from '@payrail/ui/error-message';
import { formatDateTime, humanize } from '../../../lib/labels';
import { useDisableEmployerUser } from '../api/disable-employer-user';
import { useEmployer } from '../api/get-employer';
import { useInviteEmployerUser } from '../api/invite-employer-user';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { PAYROLL_FREQUENCY_LABELS } from '@payrail/ui/labels';
import { EmployerOpenVerifications } from './open-verifications';
import { EmployerEmployeeChanges } from './employee-changes';
import { EmployerRemittanceHistory } from './remittance-history';

const USER_STATUS: Record<TBackofficeEmployerUser['status'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  pending_enrolment: { label: 'Setting up the authenticator', tone: 'lender' },
  disabled: { label: 'Disabled', tone: 'danger' },
};
const INVITATION_STATUS: Record<TBackofficeEmployerInvitation['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'lender' },
  accepted: { label: 'Accepted', tone: 'success' },
  expired: { label: 'Expired', tone: 'neutral' },
  revoked: { label: 'Revoked', tone: 'danger' },
};

const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Enter the e-mail address of the person to invite.')
    .max(254, 'This e-mail address is too long.')
    .regex(EMAIL_PATTERN, 'Enter a valid e-mail address, like payroll@employer.com.'),
});

/** Invite an employer administrator by e-mail: the server sends the link (valid {@link EMPLOYER_INVITATION_DAYS} days). */
function InviteForm({ employerId, employerName }: { employerId: number; employerName: string }) {
  const invite = useInviteEmployerUser(employerId);
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Invite an administrator</h2>
      <p>
        The person gets an e-mail with a link to set up their {employerName} portal account (a password and an authenticator app). The link works once and
        expires in {EMPLOYER_INVITATION_DAYS} days.
      </p>
      <Form
        schema={inviteSchema}
        options={{ defaultValues: { email: '' } }}
        aria-labelledby={titleId}
        onSubmit={async ({ email }, form) => {
          try {
            await invite.mutateAsync({ email });
            form.reset({ email: '' });
            notify.success(`Invitation sent to ${email}.`);
          } catch (err) {
            const fieldError = isApiError(err) ? err.fieldError('email') : undefined;
            if (fieldError) form.setError('email', { type: 'server', message: fieldError }, { shouldFocus: true });
            else notify.error(errorMessage(err, 'The invitation could not be sent. Please try again.'));
          }
        }}
      >
        {() => (
          <div className={styles.stack}>
            <EmailField label="E-mail address" autoComplete="off" />
            <div>
              <Button type="submit" loading={invite.isPending}>
                Send invitation
              </Button>
            </div>
          </div>
        )}
      </Form>
    </section>
  );
}

type Pending = { kind: 'disable'; user: TBackofficeEmployerUser } | { kind: 'revoke'; invitation: TBackofficeEmployerInvitation } | null;

function UsersAndInvitations({ detail }: { detail: TBackofficeEmployerDetail }) {
  const employerId = detail.employer.id;
  const disable = useDisableEmployerUser(employerId);
  const revoke = useRevokeInvitation(employerId);
  const [pending, setPending] = useState<Pending>(null);
  const usersTitle = useId();
  const invitationsTitle = useId();
  const mutation = pending?.kind === 'disable' ? disable : revoke;

  const close = () => {
    setPending(null);
    disable.reset();
    revoke.reset();
  };
  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'disable')
      disable.mutate(pending.user.id, { onSuccess: () => (notify.success(`${pending.user.email} can no longer sign in.`), setPending(null)) });
    else
      revoke.mutate(pending.invitation.id, {
        onSuccess: () => (notify.success(`The invitation to ${pending.invitation.email} is revoked.`), setPending(null)),
      });
  };

  const userColumns: readonly TableColumn<TBackofficeEmployerUser>[] = [
    { key: 'name', header: 'Name', cell: (u) => u.name },
    { key: 'email', header: 'E-mail', cell: (u) => u.email },
    { key: 'status', header: 'Status', cell: (u) => <Badge tone={USER_STATUS[u.status].tone}>{USER_STATUS[u.status].label}</Badge> },
    { key: 'last', header: 'Last sign-in', cell: (u) => (u.last_sign_in_at ? formatDateTime(u.last_sign_in_at) : 'Never') },
    {
      key: 'actions',
      header: 'Actions',
      cell: (u) =>
        u.status === 'disabled' ? (
          `Disabled ${formatDateTime(u.disabled_at)}`
        ) : (
          <Button size="sm" variant="secondary" onClick={() => setPending({ kind: 'disable', user: u })} aria-label={`Disable ${u.email}`}>
            Disable
          </Button>
        ),
    },
  ];
  const invitationColumns: readonly TableColumn<TBackofficeEmployerInvitation>[] = [
    { key: 'email', header: 'E-mail', cell: (i) => i.email },
    { key: 'status', header: 'Status', cell: (i) => <Badge tone={INVITATION_STATUS[i.status].tone}>{INVITATION_STATUS[i.status].label}</Badge> },
    { key: 'sent', header: 'Sent', cell: (i) => `${formatDateTime(i.created_at)} by ${i.invited_by}` },
    { key: 'expires', header: 'Expires', cell: (i) => formatDateTime(i.expires_at) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (i) =>
        i.status === 'pending' ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setPending({ kind: 'revoke', invitation: i })}
            aria-label={`Revoke the invitation to ${i.email}`}
          >
            Revoke
          </Button>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <>
      <section className={styles.section} aria-labelledby={usersTitle}>
        <h2 id={usersTitle}>Portal users</h2>
        <Table
          caption={`Employer portal users of ${detail.employer.name}`}
          captionHidden
          columns={userColumns}
          rows={detail.users}
          getRowKey={(u) => String(u.id)}
          emptyMessage="No one has an employer portal account yet. Invite the employer's HR or payroll administrator below."
        />
      </section>
      <section className={styles.section} aria-labelledby={invitationsTitle}>
        <h2 id={invitationsTitle}>Invitations</h2>
        <Table
          caption={`Invitations to ${detail.employer.name}'s portal`}
          captionHidden
          columns={invitationColumns}
          rows={detail.invitations}
          getRowKey={(i) => String(i.id)}
          emptyMessage="No invitation has been sent."
        />
      </section>
      <ConfirmDialog
        open={pending !== null}
        onClose={close}
        onConfirm={confirm}
        danger
        pending={mutation.isPending}
        error={mutation.isError ? errorMessage(mutation.error) : null}
        title={
          pending?.kind === 'disable'
            ? `Disable ${pending.user.email}?`
            : pending?.kind === 'revoke'
              ? `Revoke the invitation to ${pending.invitation.email}?`
              : ''
        }
        description={
          pending?.kind === 'disable'
            ? 'They are signed out at once and can no longer sign in. This is recorded in the audit log.'
            : 'The link in the e-mail stops working. You can send a new invitation afterwards.'
        }
        confirmLabel={pending?.kind === 'disable' ? 'Disable user' : 'Revoke invitation'}
      />
    </>
  );
}

/**
 * The back office's employer page (issue #31): the employer, its portal users and invitations (invite,
 * revoke, disable), then the sections other parts of the portal add: remittance history and open
 * verifications (`remittance-history.tsx`, `open-verifications.tsx`, each given the employer's id).
 */
export function EmployerPage({ employerId }: { employerId: number }) {
  const employer = useEmployer(employerId);
  if (employer.isPending) return <LoadingBlock label="Loading the employer…" />;
  if (!employer.data) {
    return (
      <>
        <h1>Employer</h1>
        <Alert kind="error" assertive>
          {isApiError(employer.error) && employer.error.status === 404 ? 'There is no employer with this id.' : errorMessage(employer.error)}
        </Alert>
        <p>
          <Link to="/employers">Back to the employers</Link>
        </p>
      </>
    );
  }
  const detail = employer.data;
  const e = detail.employer;
  return (
    <div className={styles.stack}>
      <p>
        <Link to="/employers">Employers</Link>
      </p>
      <div className={styles.header}>
        <div>
          <h1>{e.name}</h1>
          <p className={styles.lead}>
            {e.partnership === 'b2b_partner' ? 'B2B partner · ' : ''}
            {humanize(e.employer_type)} employer · pays {PAYROLL_FREQUENCY_LABELS[e.pay_frequency].toLowerCase()} · {humanize(e.payment_type)}
          </p>
        </div>
      </div>
      <UsersAndInvitations detail={detail} />
      <InviteForm employerId={e.id} employerName={e.name} />
      <EmployerRemittanceHistory employerId={e.id} />
      <EmployerOpenVerifications employerId={e.id} />
      <EmployerEmployeeChanges employerId={e.id} />
    </div>
  );
}
