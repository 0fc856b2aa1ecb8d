import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { formatCents, formatDate } from '@payrail/client/format';
import type { TStatement } from '@payrail/contract/statements';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { DownloadButton } from '../../../components/download-button';
import { downloadStatement } from '../api/download-statement';
import { useLoanStatements } from '../api/get-statements';
import { QueryFallback } from '@payrail/ui/query-fallback';

function StatementButton({ loanId, statement }: { loanId: number; statement: TStatement }) {
  return (
    <DownloadButton
      fetchFile={() => downloadStatement(loanId, statement.id)}
      fileName={statement.file_name}
      failure="We could not download the statement. Please try again."
      label={`Download ${statement.title}`}
    >
      PDF
    </DownloadButton>
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
    { key: 'pdf', header: 'File', cell: (s) => <StatementButton loanId={loanId} statement={s} /> },
  ];
  return (
    <section className={styles.section} aria-labelledby="loan-statements">
      <h2 id="loan-statements">Statements</h2>
      {data.data ? (
        <Table
          caption="Statements issued to the borrower"
          columns={columns}
          rows={data.data.statements}
          getRowKey={(s) => s.id}
          emptyMessage="No statement has been issued for this loan yet."
        />
      ) : (
        <QueryFallback query={data} loadingLabel="Loading statements…" />
      )}
    </section>
  );
}
