import { useState } from 'react';
import type { ReactNode } from 'react';
import { ZStatusPageData } from '@payrail/contract/newflow';
import type { z } from 'zod';
import { Alert } from '@payrail/ui/alert';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Button } from '@payrail/ui/button';
import { BRAND } from '../../../lib/brand';
import { formatCents, formatDate } from '@payrail/client/format';
import { useSubmitStep } from '../api/steps';
import { StepCard } from './step-card';
import { StepScreen } from './step-states';
import styles from './newflow.module.css';

type StatusData = z.infer<typeof ZStatusPageData>;

/** The contact block of the status pages (newflow §2): chat, call, e-mail and the FAQ. */
export function ContactBlock({ onChat }: { onChat?: () => void }) {
  return (
    <section className={styles.contact} aria-labelledby="contact-title">
      <h2 id="contact-title">Questions? We are here to help</h2>
      <ul>
        {onChat ? (
          <li>
            <button type="button" className={styles.linkButton} onClick={onChat}>
              Chat with us (answered by e-mail)
            </button>
          </li>
        ) : null}
        <li>
          Call <a href={BRAND.supportPhoneHref}>{BRAND.supportPhone}</a>
        </li>
        <li>
          E-mail <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>
        </li>
        <li>
          <a href={BRAND.faqUrl} target="_blank" rel="noreferrer">
            Read the FAQ<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
    </section>
  );
}

/**
 * The reapply rule (newflow §4): the button shows when the reapply date is absent, true or in the past;
 * otherwise the text says when. 'never' means no new application.
 */
export function reapplyState(date: string | null | undefined, today: string): { kind: 'button' } | { kind: 'date'; text: string } | { kind: 'never' } {
  if (date === null || date === undefined || date === '' || date === 'true' || date === 'today') return { kind: 'button' };
  if (date === 'never') return { kind: 'never' };
  if (/^\d{4}-\d{2}-\d{2}$/.test(date) && date <= today) return { kind: 'button' };
  return { kind: 'date', text: /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatDate(date) : date };
}

const todayIso = () => new Date().toISOString().slice(0, 10);

/** under_review (application_submitted, employer_under_review): the application waits for Payrail. */
export function UnderReview({ onChat }: { onChat?: () => void }) {
  return (
    <StepCard
      title="Your application is under review"
      lead="Thank you! Our team is reviewing your application. We usually answer within 24-48 hours and will e-mail you as soon as we do."
    >
      <p className={styles.muted}>You can close this page; this page updates by itself when we decide.</p>
      <ContactBlock onChat={onChat} />
    </StepCard>
  );
}

/** approved (newflow §2): leads to the e-signature. */
export function Approved() {
  const { submit, pending } = useSubmitStep();
  return (
    <StepCard title="You're approved!" lead="Congratulations, your loan is approved. Review and sign your loan agreement to receive the money.">
      <div className={styles.actions}>
        <Button size="lg" fullWidth loading={pending} onClick={() => void submit({ workflow_status_key: 'approved' })}>
          Review and sign my agreement
        </Button>
      </div>
    </StepCard>
  );
}

function Reasons({ reasons }: { reasons: readonly string[] }) {
  if (reasons.length === 0) return null;
  return (
    <section aria-labelledby="reasons-title">
      <h2 id="reasons-title">Principal reasons</h2>
      <ul className={styles.list}>
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </section>
  );
}

function Restart({ step, data, label }: { step: 'denied' | 'dropped'; data: StatusData; label: string }) {
  const { submit, pending } = useSubmitStep();
  const [message, setMessage] = useState<string | null>(null);
  const state = reapplyState(data.reapply_date, todayIso());
  if (state.kind === 'never') return null;
  if (state.kind === 'date') return <Alert kind="info">You can reapply on {state.text}.</Alert>;
  return (
    <>
      <ErrorAlert message={message} />
      <div className={styles.actions}>
        <Button
          size="lg"
          fullWidth
          loading={pending}
          onClick={() =>
            void submit({ workflow_status_key: step }).then((outcome) => {
              if (outcome.kind === 'invalid') setMessage(outcome.message ?? Object.values(outcome.fieldErrors)[0] ?? null);
            })
          }
        >
          {label}
        </Button>
      </div>
    </>
  );
}

function StatusPage({
  step,
  title,
  lead,
  children,
  onChat,
}: {
  step: 'denied' | 'dropped' | 'cant_proceed';
  title: string;
  lead: string;
  children?: (data: StatusData) => ReactNode;
  onChat?: () => void;
}) {
  return (
    <StepScreen step={step} schema={ZStatusPageData} title={title}>
      {(data) => (
        <StepCard title={title} lead={lead}>
          {children?.(data)}
          <ContactBlock onChat={onChat} />
        </StepCard>
      )}
    </StepScreen>
  );
}

/** denied (declined): the adverse-action reasons from the step data, then Reapply when the date allows. */
export function Denied({ onChat }: { onChat?: () => void }) {
  return (
    <StatusPage
      step="denied"
      title="Your loan was not approved"
      lead="We are sorry: we cannot offer you a loan at this time. The principal reasons for our decision are below; you will also receive this notice by e-mail."
      onChat={onChat}
    >
      {(data) => (
        <>
          <Reasons reasons={data.adverse_action_reasons} />
          <p className={styles.muted}>
            You have the right to a free copy of your credit report from the consumer reporting agency we used within 60 days, and to dispute any inaccurate
            information in it.
          </p>
          <Restart step="denied" data={data} label="Reapply" />
        </>
      )}
    </StatusPage>
  );
}

/** dropped (inactive): New Loan starts a new application by submitting the status. */
export function Dropped({ onChat }: { onChat?: () => void }) {
  return (
    <StatusPage
      step="dropped"
      title="Your application is inactive"
      lead="Your application was closed because it was not completed. You can start a new one at any time."
      onChat={onChat}
    >
      {(data) => <Restart step="dropped" data={data} label="New Loan" />}
    </StatusPage>
  );
}

/** cant_proceed: the application cannot go on (employer not eligible, no credit file…). */
export function CantProceed({ onChat }: { onChat?: () => void }) {
  return (
    <StatusPage
      step="cant_proceed"
      title="We cannot proceed with your application"
      lead="Unfortunately we cannot continue your application at this time."
      onChat={onChat}
    >
      {(data) => <Reasons reasons={data.adverse_action_reasons} />}
    </StatusPage>
  );
}

/** money_on_way (newflow §2): funds expected in 1-2 business days; the rating stars and the portal link. */
export function MoneyOnWay({
  rating,
  portalPath,
  loan,
}: {
  rating: ReactNode;
  portalPath: string;
  loan?: { funded: boolean; amount: number | null; loan_identifier: string | null } | null;
}) {
  return (
    <StepCard title="Your money is on the way!" lead="Your loan agreement is signed. Expect the funds in your bank account in 1-2 business days.">
      {loan?.amount ? (
        <dl className={styles.summary}>
          <dt>Loan</dt>
          <dd>{formatCents(loan.amount)}</dd>
          {loan.loan_identifier ? (
            <>
              <dt>Loan number</dt>
              <dd>{loan.loan_identifier}</dd>
            </>
          ) : null}
          <dt>Funding</dt>
          <dd>{loan.funded ? 'Sent to your bank' : 'Being prepared'}</dd>
        </dl>
      ) : null}
      <div className={styles.actions}>
        <Button size="lg" fullWidth to={portalPath}>
          Go to my loan portal
        </Button>
      </div>
      {rating}
    </StepCard>
  );
}
