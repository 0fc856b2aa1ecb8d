import { useState } from 'react';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { LoadingBlock } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { notify } from '@payrail/ui/toast/notify';
import { formatCents, formatDate } from '@payrail/client/format';
import type { TStatement } from '@payrail/contract/statements';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { errorMessage } from '../../../lib/errors';
import { downloadStatement } from '../api/download-statement';
import { useLoanStatements } from '../api/get-statements';

function DownloadButton({ loanId, statement }: { loanId: number; statement: TStatement }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const url = URL.createObjectURL(await downloadStatement(loanId, statement.id));
      const link = document.createElement('a');
      link.href = url;
      link.download = statement.file_name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch {
      notify.error('We could not download the statement. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="secondary" loading={busy} onClick={() => void download()} aria-label={`Download ${statement.title}`}>
      PDF
    </Button>
  );
}

/**
 * The loan's statements as issued to the borrower (docs/statements.md): monthly statements and year-end
 * summaries with their headline figures, each downloadable (every read is audited as `view_statement`).
 */
export function LoanStatements({ loanId }: { loanId: number }) {
  const data = useLoanStatements(loanId);
  const columns: readonly TableColumn<TStatement>[] = [
    { key: 'title', header: 'Statement', cell: (s) => s.title },
    { key: 'period', header: 'Period', cell: (s) => `${formatDate(s.period_start)} – ${formatDate(s.period_end)}` },
    { key: 'opening', header: 'Opening balance', align: 'end', cell: (s) => formatCents(s.opening_balance) },
    { key: 'closing', header: 'Closing balance', align: 'end', cell: (s) => formatCents(s.closing_balance) },
    { key: 'interest', header: 'Interest paid', align: 'end', cell: (s) => formatCents(s.interest_paid) },
    { key: 'fees', header: 'Fees paid', align: 'end', cell: (s) => formatCents(s.fees_paid) },
    { key: 'pdf', header: 'File', cell: (s) => <DownloadButton loanId={loanId} statement={s} /> },
  ];
  return (
    <section className={styles.section} aria-labelledby="loan-statements">
      <h2 id="loan-statements">Statements</h2>
      {data.isPending ? (
        <LoadingBlock label="Loading statements…" />
      ) : !data.data ? (
        <Alert kind="error">{errorMessage(data.error)}</Alert>
      ) : (
        <Table
          caption="Statements issued to the borrower"
          columns={columns}
          rows={data.data.statements}
          getRowKey={(s) => s.id}
          emptyMessage="No statement has been issued for this loan yet."
        />
      )}
    </section>
  );
}
