import { FactList } from '@payrail/ui/fact-list';
import { BankAccountFacts } from '../../../components/bank/bank-account-facts';
import { useEffect, useId, useState } from 'react';
import type { TDocument } from '@payrail/contract/documents';
import type { TReference } from '@payrail/contract/application';
import { REFINANCE_MSG } from '@payrail/contract/refinance';
import { DocumentUpload } from '../../../components/documents/document-upload';
import { Container } from '@payrail/ui/container';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { LoadingBlock } from '@payrail/ui/spinner';
import { TextField } from '@payrail/ui/text-field';
import { isApiError } from '@payrail/client/http-client';
import { notify } from '@payrail/ui/toast/notify';
import { useBankInformation } from '../../../api/get-bank-information';
import { updateReferences } from '../../../api/update-references';
import { usePaymentChange, usePersonalInfo, useRefinanceReferences } from '../api/refinance-api';
import styles from './refinance.module.css';

const EMPTY: TReference = { firstName: '', lastName: '', relationship: '', phone: '' };
const REFERENCE_FIELDS: readonly { key: keyof TReference; label: string }[] = [
  { key: 'firstName', label: 'First name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'phone', label: 'Phone' },
  { key: 'relationship', label: 'Relationship' },
];

export interface RefinanceReviewProps {
  /** References stored: move refinancing_review → ready_for_review (the server checks the documents). */
  onConfirm: () => Promise<unknown>;
}

/**
 * /refinance_review (classic §2 "Refinance review", step 2): personal information (names, address,
 * read-only), two references, the bank account the new loan goes to under a persistent warning, a recent
 * pay stub and — when the payroll payment change is not in place — the allotment. Confirm stores the
 * references, then asks for review; the server's refusals show on the page.
 */
export function RefinanceReview({ onConfirm }: RefinanceReviewProps) {
  const gateId = useId();
  const personal = usePersonalInfo();
  const stored = useRefinanceReferences();
  const bank = useBankInformation();
  const paymentChange = usePaymentChange();
  const [references, setReferences] = useState<TReference[] | null>(null);
  const [payStubs, setPayStubs] = useState(0);
  const [allotments, setAllotments] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ kind: 'warning' | 'error'; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (stored.data && references === null) {
      const list = stored.data.references;
      setReferences(
        [list[0] ?? EMPTY, list[1] ?? EMPTY].map((r) => ({ firstName: r.firstName, lastName: r.lastName, relationship: r.relationship, phone: r.phone })),
      );
    }
  }, [stored.data, references]);

  const needsAllotment = paymentChange.data ? !paymentChange.data.payment_change : false;
  const refsFilled = references !== null && references.every((r) => REFERENCE_FIELDS.every((f) => r[f.key].trim() !== ''));
  const ready = refsFilled && payStubs > 0 && (!needsAllotment || allotments > 0) && paymentChange.isSuccess;

  const confirm = async () => {
    if (!ready || references === null) return;
    setConfirming(true);
    setErrors({});
    setFailure(null);
    try {
      await updateReferences(references);
      await onConfirm();
    } catch (error) {
      if (isApiError(error)) {
        const fields = Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
        setErrors(fields);
        if (Object.keys(fields).length > 0) setFailure({ kind: 'error', text: 'Please check the highlighted information.' });
        else if (error.serverMessage && error.status >= 400 && error.status < 500) {
          // The status change refused (classic §8: "response data as a warning"): a warning, on the page and as a toast.
          setFailure({ kind: 'warning', text: error.serverMessage });
          notify.warning(error.serverMessage);
        } else setFailure({ kind: 'error', text: 'We could not send your refinance for review. Please try again.' });
      } else setFailure({ kind: 'error', text: 'We could not send your refinance for review. Please try again.' });
    } finally {
      setConfirming(false);
    }
  };

  const setRef = (i: number, key: keyof TReference, value: string) =>
    setReferences((list) => (list ? list.map((r, j) => (j === i ? { ...r, [key]: value } : r)) : list));

  return (
    <Container width="narrow" className={styles.page}>
      <section className={styles.card} aria-labelledby="refi-review-title">
        <h1 id="refi-review-title">Update Information</h1>
        {/* Persistent (no time-out): the new loan is deposited into this account. */}
        <Alert kind="warning">{REFINANCE_MSG.bankWarning}</Alert>
        {failure ? (
          <Alert kind={failure.kind} assertive>
            {failure.text}
          </Alert>
        ) : null}

        <h2>Personal information</h2>
        {personal.data ? (
          <FactList
            className={styles.facts}
            facts={[
              { label: 'Name', value: `${personal.data.first_name} ${personal.data.last_name}`.trim() || '—' },
              {
                label: 'Address',
                value:
                  [personal.data.address, personal.data.unit_number ? `P.O. Box ${personal.data.unit_number}` : '', personal.data.city, personal.data.zip_code]
                    .filter(Boolean)
                    .join(', ') || '—',
              },
            ]}
          />
        ) : (
          <LoadingBlock label="Loading your information…" />
        )}

        <h2>References</h2>
        {errors.references ? <p className={styles.error}>{`References ${errors.references}`}</p> : null}
        {references === null ? (
          <LoadingBlock label="Loading your references…" />
        ) : (
          references.map((r, i) => (
            <fieldset key={i} className={styles.reference}>
              <legend>{`Reference ${i + 1}`}</legend>
              {REFERENCE_FIELDS.map((f) => (
                <TextField
                  key={f.key}
                  label={f.label}
                  value={r[f.key]}
                  maxLength={f.key === 'phone' ? 30 : 60}
                  onChange={(event) => setRef(i, f.key, event.target.value)}
                  error={errors[`references.${i}.${f.key}`]}
                />
              ))}
            </fieldset>
          ))
        )}

        <h2>Bank information</h2>
        {bank.data ? (
          <BankAccountFacts account={bank.data} className={styles.facts} />
        ) : bank.isLoading ? (
          <LoadingBlock label="Loading your bank information…" />
        ) : (
          <p>No bank account on file.</p>
        )}

        <h2>Documents</h2>
        {paymentChange.isError ? <Alert kind="error">{REFINANCE_MSG.allotmentCheckFailed}</Alert> : null}
        <DocumentUpload
          type="pay_stub"
          label="Recent pay stub"
          hint="Upload your most recent pay stub."
          onChange={(docs: TDocument[]) => setPayStubs(docs.length)}
        />
        {errors['documents.pay_stub'] ? <p className={styles.error}>Please upload a recent pay stub.</p> : null}
        {needsAllotment ? (
          <>
            <DocumentUpload
              type="allotment"
              label="Allotment"
              hint="Upload the payroll allotment (split direct deposit) confirmation for your new payment."
              onChange={(docs: TDocument[]) => setAllotments(docs.length)}
            />
            {errors['documents.allotment'] ? <p className={styles.error}>Please upload your allotment.</p> : null}
          </>
        ) : null}

        <div className={styles.actions}>
          <Button size="lg" fullWidth disabled={!ready} loading={confirming} onClick={() => void confirm()} aria-describedby={!ready ? gateId : undefined}>
            Confirm
          </Button>
          {!ready ? (
            <p id={gateId} className={styles.hint}>
              Fill in both references and upload the documents to continue.
            </p>
          ) : null}
        </div>
      </section>
    </Container>
  );
}
