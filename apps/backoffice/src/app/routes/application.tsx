import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '@payrail/ui/alert';
import { LoadingBlock } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { isApiError } from '@payrail/client/http-client';
import { formatCents, formatPercent, formatUsPhone } from '@payrail/client/format';
import type { TApplicationDetail } from '@payrail/contract/backoffice';
import { StatusBadge, WaitingOnBadge } from '../../components/badge';
import { RequireRole } from '../../components/require-role';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { useApplication } from '../../features/applications/api/get-application';
import { ActionPanel } from '../../features/applications/components/action-panel';
import { DocumentList, SignedNoteItem } from '../../features/applications/components/document-viewer';
import { ServicerFlagsPanel } from '../../features/applications/components/servicer-flags-panel';
import { NewflowEvidence } from '../../features/applications/components/newflow-evidence';
import { EmploymentVerification } from '../../features/applications/components/employment-verification';
import { SsnField } from '../../features/applications/components/ssn-field';
import { FundingPanel } from '../../features/loans/components/funding-panel';
import { OpenRequestsPanel } from '../../features/care/components/open-requests-panel';
import { ConsentsPanel } from '../../features/care/components/consents-panel';
import { display, formatDateTime, formatUsDate, humanize, workingTimeLabel } from '../../lib/labels';
import { HOUSING_MONEY, INCOME_MONEY, NO_MONEY, recordRows } from '../../lib/record-rows';
import { useCan } from '../../lib/roles';
import { usePageTitle } from '../title';
import detailStyles from './application.module.css';
import { FactList } from '@payrail/ui/fact-list';

type Detail = TApplicationDetail;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A section that is one table, captioned by the section's heading (the caption is for screen readers). */
function TableSection<T>(props: {
  id: string;
  title: string;
  columns: TableColumn<T>[];
  rows: T[];
  getRowKey: (row: T) => string | number;
  emptyMessage: string;
}) {
  return (
    <Section id={props.id} title={props.title}>
      <Table caption={props.title} captionHidden columns={props.columns} rows={props.rows} getRowKey={props.getRowKey} emptyMessage={props.emptyMessage} />
    </Section>
  );
}

const historyColumns: TableColumn<Detail['history'][number]>[] = [
  { key: 'at', header: 'When', cell: (r) => formatDateTime(r.at) },
  { key: 'from', header: 'From', cell: (r) => humanize(r.from) },
  { key: 'to', header: 'To', cell: (r) => humanize(r.to) },
  { key: 'event', header: 'Event', cell: (r) => humanize(r.event) },
  { key: 'actor', header: 'By', cell: (r) => r.staff?.name ?? humanize(r.actor) },
];

const usDate = formatUsDate;

/** A decision reason as a reviewer reads it: the engine's detail and code, and the adverse-action text. */
function reasonText(reason: unknown): string {
  if (typeof reason === 'string') return reason;
  if (reason && typeof reason === 'object') {
    const r = reason as Record<string, unknown>;
    const detail = typeof r.detail === 'string' ? r.detail : typeof r.message === 'string' ? r.message : null;
    const code = typeof r.code === 'string' ? r.code : typeof r.ruleId === 'string' ? r.ruleId : null;
    if (detail || code) {
      const head = detail ? `${detail.charAt(0).toUpperCase()}${detail.slice(1)}${code ? ` (${code})` : ''}` : String(code);
      return typeof r.adverseActionText === 'string' ? `${head}. Notice text: ${r.adverseActionText}.` : head;
    }
  }
  return display(reason);
}

const decisionColumns: TableColumn<Detail['decisions'][number]>[] = [
  { key: 'at', header: 'When', cell: (r) => formatDateTime(r.at) },
  { key: 'outcome', header: 'Outcome', cell: (r) => humanize(r.outcome) },
  { key: 'rules', header: 'Rule set', cell: (r) => r.rule_set_version },
  {
    key: 'reasons',
    header: 'Reasons',
    cell: (r) =>
      r.reasons.length === 0 ? (
        '—'
      ) : (
        <ul>
          {r.reasons.map((reason, i) => (
            <li key={i}>{reasonText(reason)}</li>
          ))}
        </ul>
      ),
  },
];

const feedbackColumns: TableColumn<Detail['feedback_requests'][number]>[] = [
  { key: 'at', header: 'Sent', cell: (r) => formatDateTime(r.created_at) },
  { key: 'by', header: 'By', cell: (r) => r.staff?.name ?? '—' },
  { key: 'message', header: 'Message', cell: (r) => r.message },
  { key: 'answered', header: 'Answered', cell: (r) => (r.answered_at ? formatDateTime(r.answered_at) : 'Not yet') },
];

const messageColumns: TableColumn<Detail['messages'][number]>[] = [
  { key: 'at', header: 'Sent', cell: (r) => formatDateTime(r.at) },
  { key: 'to', header: 'To', cell: (r) => r.to },
  { key: 'subject', header: 'Subject', cell: (r) => r.subject },
  { key: 'template', header: 'Template', cell: (r) => (r.template ? humanize(r.template) : '—') },
];

const referenceColumns: TableColumn<Detail['borrower']['references'][number]>[] = [
  { key: 'name', header: 'Name', cell: (r) => `${r.first_name} ${r.last_name}` },
  { key: 'relationship', header: 'Relationship', cell: (r) => r.relationship },
  { key: 'phone', header: 'Phone', cell: (r) => formatUsPhone(r.phone) },
];

function fullName(b: Detail['borrower']): string {
  return [b.first_name, b.middle_name, b.last_name].filter(Boolean).join(' ');
}

function ApplicationView({ application: a }: { application: Detail }) {
  const canReview = useCan('review');
  const canFund = useCan('fund');
  const b = a.borrower;
  const name = fullName(b) || b.email;
  // Once approved, funding and the loan (with its wide schedule) are the main task: full width, first.
  const fundingInMain = a.status === 'approved' || a.loan !== null;
  const funding =
    canFund || a.loan ? (
      <Section id="funding" title={a.loan ? 'Loan' : 'Funding'}>
        {canFund ? (
          <FundingPanel application={a} />
        ) : (
          <p>
            Loan {a.loan?.identifier} ({humanize(a.loan?.status)}).
          </p>
        )}
      </Section>
    ) : null;
  const address = [b.address, b.unit_number, b.city, b.state?.abbreviation, b.zip_code].filter(Boolean).join(', ');

  return (
    <>
      <p>{canReview || !canFund ? <Link to="/">← Back to the queue</Link> : <Link to="/funding">← Back to funding</Link>}</p>
      <div className={styles.header}>
        <div>
          <h1>{name}</h1>
          <p className={`${styles.lead} ${styles.inline}`}>
            <span>Applicant #{a.user_id}</span>
            <StatusBadge status={a.status} />
            <WaitingOnBadge value={a.waiting_on} />
          </p>
        </div>
      </div>
      <div className={detailStyles.layout}>
        <div className={detailStyles.main}>
          {fundingInMain ? funding : null}
          <Section id="borrower" title="Borrower">
            <FactList
              className={styles.dl}
              facts={[
                { label: 'Name', value: display(fullName(b)) },
                { label: 'Date of birth', value: usDate(b.date_of_birth) },
                { label: 'SSN', value: <SsnField userId={a.user_id} masked={b.social_security_number} canReveal={canReview} /> },
                { label: 'E-mail', value: b.email },
                { label: 'Phone', value: b.phone ? `${formatUsPhone(b.phone)}${b.phone_confirmed ? ' (confirmed)' : ' (not confirmed)'}` : '—' },
                { label: 'Address', value: address || '—' },
                { label: 'State', value: b.state ? `${b.state.name} (${b.state.abbreviation})` : '—' },
                { label: 'Loan purpose', value: display(b.loan_purpose) },
                { label: 'Applied', value: formatDateTime(a.created_at) },
                { label: 'Last update', value: formatDateTime(a.updated_at) },
              ]}
            />
          </Section>
          <Section id="employment" title="Employment and income">
            <FactList
              className={styles.dl}
              facts={[
                { label: 'Income source', value: display(b.income_source) },
                { label: 'Employer', value: b.employer ? b.employer.name : '—' },
                { label: 'Employee id', value: display(b.employee_id) },
                { label: 'Working time', value: workingTimeLabel(b.working_time_range) },
                ...recordRows(b.income, INCOME_MONEY),
              ]}
            />
          </Section>
          <Section id="housing" title="Housing">
            {Object.keys(b.housing).length ? <FactList className={styles.dl} facts={recordRows(b.housing, HOUSING_MONEY)} /> : <p>No housing answers.</p>}
          </Section>
          {Object.keys(b.other).length ? (
            <Section id="other" title="Other answers">
              <FactList className={styles.dl} facts={recordRows(b.other, NO_MONEY)} />
            </Section>
          ) : null}
          <TableSection
            id="references"
            title="References"
            columns={referenceColumns}
            rows={b.references}
            getRowKey={(r) => `${r.first_name}-${r.last_name}-${r.phone}`}
            emptyMessage="No references."
          />
          <Section id="bank" title="Bank account">
            {a.bank ? (
              <FactList
                className={styles.dl}
                facts={[
                  { label: 'Bank', value: display(a.bank.bank_name) },
                  { label: 'Routing number', value: display(a.bank.routing_number) },
                  { label: 'Account number', value: <span className={styles.mono}>{display(a.bank.account_number)}</span> },
                  { label: 'Account type', value: humanize(a.bank.account_type) },
                  { label: 'Source', value: humanize(a.bank.source) },
                ]}
              />
            ) : (
              <p>No bank account yet.</p>
            )}
          </Section>
          <Section id="terms" title="Loan terms">
            {a.loan_terms ? (
              <FactList
                className={styles.dl}
                facts={[
                  { label: 'Amount', value: formatCents(a.loan_terms.amount) },
                  { label: 'Counteroffer', value: a.loan_terms.negotiated_amount === null ? '—' : formatCents(a.loan_terms.negotiated_amount) },
                  { label: 'Fee', value: formatCents(a.loan_terms.fee_amount) },
                  { label: 'Interest rate', value: formatPercent(a.loan_terms.interest_rate) },
                  { label: 'APR', value: a.loan_terms.apr ? formatPercent(a.loan_terms.apr) : '—' },
                  { label: 'Payments', value: `${a.loan_terms.terms} × ${humanize(a.loan_terms.term_frequency).toLowerCase()}` },
                  { label: 'Payment', value: a.loan_terms.payment_per_term === null ? '—' : formatCents(a.loan_terms.payment_per_term) },
                  { label: 'Disbursement date', value: usDate(a.loan_terms.disbursement_date) },
                  { label: 'First payment', value: usDate(a.loan_terms.first_payment_date) },
                  { label: 'Payment method', value: humanize(a.loan_terms.payment_method) },
                ]}
              />
            ) : (
              <p>No loan terms chosen yet.</p>
            )}
          </Section>
          <Section id="documents" title="Documents">
            <DocumentList documents={a.documents} canView={canReview} />
          </Section>
          <NewflowEvidence
            userId={a.user_id}
            section={(title, body) => (
              <Section id="newflow" title={title}>
                {body}
              </Section>
            )}
          />
          <Section id="esignature" title="E-signature">
            {a.esignature ? (
              <>
                <p>Signed {formatDateTime(a.esignature.signed_at)}.</p>
                {a.esignature.view_url ? <SignedNoteItem esignatureId={a.esignature.id} /> : null}
              </>
            ) : (
              <p>Not signed yet.</p>
            )}
          </Section>
          <TableSection
            id="history"
            title="Workflow history"
            columns={historyColumns}
            rows={a.history}
            getRowKey={(r) => `${r.at}-${r.to}-${r.event}`}
            emptyMessage="No status change yet."
          />
          <TableSection
            id="decisions"
            title="Underwriting decisions"
            columns={decisionColumns}
            rows={a.decisions}
            getRowKey={(r) => r.id}
            emptyMessage="No decision recorded."
          />
          <Section id="employment-verification" title="Employment verification">
            <EmploymentVerification userId={a.user_id} canRequest={canReview} />
          </Section>
          <Section id="open-requests" title="Open requests to the borrower">
            <OpenRequestsPanel userId={a.user_id} />
          </Section>
          <Section id="consents" title="Consents and delivery">
            <ConsentsPanel userId={a.user_id} canRecord={canFund} />
          </Section>
          <TableSection
            id="feedback"
            title="Feedback requests"
            columns={feedbackColumns}
            rows={a.feedback_requests}
            getRowKey={(r) => r.id}
            emptyMessage="No feedback requested."
          />
          <TableSection
            id="messages"
            title="Messages sent"
            columns={messageColumns}
            rows={a.messages}
            getRowKey={(r) => r.id}
            emptyMessage="No message sent."
          />
        </div>
        <aside className={detailStyles.aside} aria-label="Actions">
          {canReview ? (
            <Section id="actions" title="Actions">
              <ActionPanel userId={a.user_id} email={b.email} status={a.status} />
            </Section>
          ) : null}
          {!fundingInMain ? funding : null}
          {canFund ? (
            <Section id="servicer" title="Servicer">
              <ServicerFlagsPanel key={JSON.stringify(a.servicer_flags)} userId={a.user_id} flags={a.servicer_flags} />
            </Section>
          ) : null}
        </aside>
      </div>
    </>
  );
}

export function Component() {
  const params = useParams();
  const userId = Number(params.userId);
  return <RequireRole capability="read">{Number.isInteger(userId) && userId > 0 ? <ApplicationLoader userId={userId} /> : <NotFound />}</RequireRole>;
}

function NotFound() {
  return (
    <Alert kind="warning" title="This application does not exist.">
      <p>
        <Link to="/">Back to the queue</Link>
      </p>
    </Alert>
  );
}

function ApplicationLoader({ userId }: { userId: number }) {
  const application = useApplication(userId);
  usePageTitle(application.data ? `Application of ${fullName(application.data.borrower) || application.data.borrower.email}` : 'Application');
  if (application.isPending) return <LoadingBlock label="Loading the application…" />;
  if (application.isError) {
    if (isApiError(application.error) && application.error.status === 404) return <NotFound />;
    return (
      <Alert kind="error" title="We could not load the application.">
        <p>Reload the page to try again.</p>
      </Alert>
    );
  }
  return <ApplicationView application={application.data} />;
}
