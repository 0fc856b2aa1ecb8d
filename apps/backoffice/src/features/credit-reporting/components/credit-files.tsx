import { Button } from '@payrail/ui/button';
import { Form, FormError } from '@payrail/ui/form';
import { Select } from '@payrail/ui/select';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { notify } from '@payrail/ui/toast/notify';
import { ZGenerateCreditFile } from '@payrail/contract/credit-reporting';
import type { TCreditReportingFile } from '@payrail/contract/credit-reporting';
import { errorMessage } from '@payrail/ui/error-message';
import { formatDateTime, formatUsDate } from '../../../lib/labels';
import { fetchCreditFile } from '../api/download-credit-file';
import { useCreditFiles } from '../api/get-credit-files';
import { useGenerateCreditFile } from '../api/generate-credit-file';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { DownloadButton } from '../../../components/download-button';
import { QueryFallback } from '@payrail/ui/query-fallback';

const STATUS_ORDER = ['11', '71', '78', '80', '82', '83', '84', '97', '13', '64'];
const STATUS_NAMES: Record<string, string> = {
  '11': 'current',
  '71': '30–59',
  '78': '60–89',
  '80': '90–119',
  '82': '120–149',
  '83': '150–179',
  '84': '180+',
  '97': 'charged off',
  '13': 'paid',
  '64': 'paid charge-off',
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "March 2031" for "2031-03". */
export const monthName = (period: string) => `${MONTHS[Number(period.slice(5, 7)) - 1] ?? period} ${period.slice(0, 4)}`;

/** The 24 months that have ended, latest first (the months a file may be generated for). */
function endedMonths(last: string): string[] {
  const out: string[] = [];
  let y = Number(last.slice(0, 4));
  let m = Number(last.slice(5, 7));
  for (let i = 0; i < 24; i++) {
    out.push(`${String(y)}-${String(m).padStart(2, '0')}`);
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return out;
}

function statusSummary(counts: Record<string, number>): string {
  const parts = STATUS_ORDER.filter((c) => (counts[c] ?? 0) > 0).map((c) => `${c} ${STATUS_NAMES[c]}: ${counts[c]}`);
  return parts.length > 0 ? parts.join(' · ') : '—';
}

function FileButton({ file }: { file: TCreditReportingFile }) {
  return (
    <DownloadButton
      fetchFile={() => fetchCreditFile(file.id)}
      fileName={`METRO2-${file.period}.txt`}
      failure={(err) => errorMessage(err, 'We could not download the file. Please try again.')}
      label={`Download the ${monthName(file.period)} file`}
    >
      Download
    </DownloadButton>
  );
}

const columns: readonly TableColumn<TCreditReportingFile>[] = [
  { key: 'period', header: 'Month', cell: (f) => monthName(f.period) },
  { key: 'accounts', header: 'Accounts', cell: (f) => String(f.base_records) },
  { key: 'statuses', header: 'By status', cell: (f) => statusSummary(f.status_counts) },
  { key: 'disputed', header: 'Disputed', cell: (f) => String(f.disputed) },
  {
    key: 'excluded',
    header: 'Held back',
    cell: (f) => (f.excluded.length === 0 ? '0' : `${f.excluded.length} (${f.excluded.map((e) => e.identifier).join(', ')})`),
  },
  {
    key: 'created',
    header: 'Generated',
    cell: (f) => `${formatDateTime(f.created_at)} (business date ${formatUsDate(f.created_on)}) by ${f.generated_by ?? 'the monthly job'}`,
  },
  { key: 'download', header: 'File', cell: (f) => <FileButton file={f} /> },
];

function GenerateForm({ lastEnded, made }: { lastEnded: string; made: ReadonlySet<string> }) {
  const months = endedMonths(lastEnded);
  const generate = useGenerateCreditFile();
  return (
    <Form
      schema={ZGenerateCreditFile}
      options={{ defaultValues: { period: months.find((m) => !made.has(m)) ?? lastEnded } }}
      submitError={(err) => errorMessage(err)}
      onSubmit={async ({ period }) => {
        const r = await generate.mutateAsync(period);
        notify.success(
          r.created
            ? `The ${monthName(r.file.period)} file is ready: ${r.file.base_records} accounts.`
            : `The ${monthName(r.file.period)} file was made already.`,
        );
      }}
      className={styles.stack}
      aria-labelledby="generate-file"
    >
      {({ register }) => (
        <>
          <h2 id="generate-file">Generate a file</h2>
          <p>
            A month is furnished once it has ended on the business date; the monthly job does it on its own. Each month has one file: asking again gives the
            same file.
          </p>
          <Select
            label="Month"
            options={months.map((m) => ({ value: m, label: made.has(m) ? `${monthName(m)} (made)` : monthName(m) }))}
            {...register('period')}
          />
          <FormError />
          <div>
            <Button type="submit" loading={generate.isPending}>
              Generate
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}

/** The credit reporting page's body: the monthly files (counts, download) and the form to generate a past month. */
export function CreditFiles() {
  const files = useCreditFiles();
  if (!files.data) return <QueryFallback query={files} loadingLabel="Loading the credit reporting files…" />;
  const { business_date, last_ended_period, files: list } = files.data;
  return (
    <div className={styles.stack}>
      <p role="status">
        Business date {formatUsDate(business_date)}: the latest month that has ended is {monthName(last_ended_period)}.
      </p>
      <Table caption="Metro 2 files by month" columns={columns} rows={list} getRowKey={(f) => String(f.id)} emptyMessage="No file has been generated yet." />
      <GenerateForm lastEnded={last_ended_period} made={new Set(list.map((f) => f.period))} />
    </div>
  );
}
