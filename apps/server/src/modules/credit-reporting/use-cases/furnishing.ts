import { createHash, randomBytes } from 'node:crypto';
import { CREDIT_REPORTING_MSG } from '@payrail/contract/credit-reporting';
import type { TCreditReportingFile, TGenerateCreditFileResponse } from '@payrail/contract/credit-reporting';
import type { TStaffMember } from '@payrail/contract/staff';
import { buildMetro2File, lastEndedPeriod, periodEnd, shiftPeriod } from '@payrail/domain/credit-reporting/account';
import type { ConsumerFacts, DisputeState, FurnisherIdentity, LoanFacts, Period } from '@payrail/domain/credit-reporting/account';
import { parseIsoDate, type IsoDate } from '@payrail/domain/dates';
import type { AppContext } from '../../../context';
import { ledgersOfLoans, reportableLoansPage, servicingDayState } from '../../loan-book/loans';
import { AppError, FileUnavailableError } from '../../../errors';
import { SSN_AAD } from '../../application/field-rules';
import type { ReportableLoan } from '../../loan-book/credit-reporting.repository';
import { scheduleOfRecord, toDomainEntry } from '../../loan-book/use-cases/loan-position';
import { businessDate } from '../../loan-book/servicing-policy';
import type { CreditDisputeRow, CreditFileListed, CreditFileRow } from '../repository';

/** Loans read and replayed per page while a file is built. */
const PAGE = 500;
/** How far back a file may be generated (the payment history profile's reach). */
const MAX_MONTHS_BACK = 24;

/** The furnisher identity from configuration (docs/credit-reporting.md). */
export function furnisherOf(ctx: AppContext): FurnisherIdentity {
  const c = ctx.config.creditReporting;
  return {
    identificationNumber: c.identificationNumber,
    reporterName: c.reporterName,
    reporterAddress: c.reporterAddress,
    reporterTelephone: c.reporterTelephone,
    equifaxProgramIdentifier: c.equifaxProgramId,
    experianProgramIdentifier: c.experianProgramId,
    transUnionProgramIdentifier: c.transUnionProgramId,
    innovisProgramIdentifier: c.innovisProgramId,
    softwareVendorName: 'PAYRAIL',
    softwareVersionNumber: '1',
  };
}

/** Where the loan's latest dispute opened on or before `asOf` stood on that day. */
export function disputeStateAsOf(disputes: readonly CreditDisputeRow[], asOf: string): DisputeState {
  const latest = disputes.filter((d) => d.openedOn <= asOf).reduce<CreditDisputeRow | null>((m, d) => (m === null || d.id > m.id ? d : m), null);
  if (!latest) return null;
  if (latest.resolvedOn === null || latest.resolvedOn > asOf) return 'open';
  return latest.outcome === 'consumer_disagrees' ? 'resolved_consumer_disagrees' : 'resolved';
}

const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');

function consumerOf(row: ReportableLoan, openSsn: (sealed: string) => string): ConsumerFacts {
  const ssn = row.ssnSealed ? digits(openSsn(row.ssnSealed)) : '';
  const phone = digits(row.phone);
  const zip = digits(row.zipCode);
  return {
    surname: row.lastName ?? '',
    firstName: row.firstName ?? '',
    ssn: ssn.length === 9 ? ssn : null,
    dateOfBirth: (row.dateOfBirth as IsoDate | null) ?? null,
    // US numbers are stored in E.164 (+1 and ten digits).
    telephone: phone.length === 11 && phone.startsWith('1') ? phone.slice(1) : phone.length === 10 ? phone : null,
    addressLine1: row.address ?? '',
    addressLine2: row.unitNumber,
    city: row.city ?? '',
    state: row.state ?? '',
    postalCode: zip.length === 5 || zip.length === 9 ? zip : '',
    residence: row.housingType,
  };
}

export function fileView(f: CreditFileListed): TCreditReportingFile {
  return {
    id: f.id,
    period: f.period,
    activity_date: f.activityDate,
    created_on: f.createdOn,
    created_at: f.createdAt.toISOString(),
    generated_by: f.generatedBy,
    base_records: f.baseRecords,
    status_counts: f.statusCounts,
    disputed: f.disputed,
    excluded: f.excluded.map((e) => ({ loan_id: e.loanId, identifier: e.identifier, problems: e.problems })),
    byte_size: f.byteSize,
    sha256: f.sha256,
  };
}

/** The Metro 2 text of `period` as the loan book stands now, with its counts (pure domain code does the work). */
async function buildFile(ctx: AppContext, period: Period, createdOn: IsoDate) {
  const asOf = periodEnd(period);
  const monthStart = parseIsoDate(`${period}-01`);
  const box = await ctx.cryptoBox();
  const openSsn = (sealed: string) => box.open(sealed, SSN_AAD);
  const facts: LoanFacts[] = [];
  const loanIdOf = new Map<string, number>();
  for (let after = 0; ;) {
    const rows = await reportableLoansPage(ctx, monthStart, asOf, after, PAGE);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.loan.id;
    const ids = rows.map((r) => r.loan.id);
    const [entries, disputes] = await Promise.all([ledgersOfLoans(ctx, ids), ctx.repos.creditReporting.disputesOfLoans(ids)]);
    for (const row of rows) {
      loanIdOf.set(row.loan.identifier, row.loan.id);
      facts.push({
        accountNumber: row.loan.identifier,
        schedule: scheduleOfRecord(row.loan),
        entries: entries.filter((e) => e.loanId === row.loan.id).map(toDomainEntry),
        refinanced: row.loan.status === 'closed_refinanced',
        dispute: disputeStateAsOf(
          disputes.filter((d) => d.loanId === row.loan.id),
          asOf,
        ),
        consumer: consumerOf(row, openSsn),
      });
    }
    if (rows.length < PAGE) break;
  }
  const out = buildMetro2File(period, createdOn, furnisherOf(ctx), facts);
  const statusCounts: Record<string, number> = {};
  for (const a of out.accounts) statusCounts[a.status] = (statusCounts[a.status] ?? 0) + 1;
  return {
    text: out.text,
    statusCounts,
    baseRecords: out.accounts.length,
    disputed: out.accounts.filter((a) => a.complianceConditionCode !== '').length,
    excluded: out.excluded.map((e) => ({ loanId: loanIdOf.get(e.accountNumber) ?? 0, identifier: e.accountNumber, problems: e.problems })),
  };
}

/** The storage key of a month's file: random, so a lost race never overwrites the winner's bytes. */
const storageKeyFor = (period: Period) => `credit-reporting/${period}-${randomBytes(12).toString('hex')}`;

/**
 * Generates the Metro 2 file of `period` once the month has ended on the business date; one file per
 * month however often or concurrently it is asked for (the period is unique: a run that loses the race
 * deletes its own bytes and answers the winner's file, `created: false`). The bytes are sealed
 * (AES-256-GCM, the storage key as associated data) before they reach storage. `staff` null: the job.
 */
export async function generateCreditFile(ctx: AppContext, period: Period, staff: TStaffMember | null): Promise<TGenerateCreditFileResponse> {
  const today = await businessDate(ctx);
  if (periodEnd(period) >= today) throw new AppError('validation', CREDIT_REPORTING_MSG.periodNotEnded);
  if (period < shiftPeriod(lastEndedPeriod(today), MAX_MONTHS_BACK - 1)) throw new AppError('validation', CREDIT_REPORTING_MSG.periodTooOld);
  const existing = await ctx.repos.creditReporting.fileOfPeriod(period);
  if (existing) return { file: fileView((await ctx.repos.creditReporting.file(existing.id))!), created: false };

  const built = await buildFile(ctx, period, today);
  const bytes = Buffer.from(built.text, 'ascii');
  const storageKey = storageKeyFor(period);
  await ctx.providers.storage.put(storageKey, (await ctx.cryptoBox()).sealBytes(bytes, storageKey), 'application/octet-stream');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const at = ctx.now();
  let row: CreditFileRow | null;
  try {
    row = await ctx.repos.creditReporting.insertFile(
      {
        period,
        activityDate: periodEnd(period),
        createdOn: today,
        storageKey,
        sha256,
        byteSize: bytes.length,
        baseRecords: built.baseRecords,
        statusCounts: built.statusCounts,
        disputed: built.disputed,
        excluded: built.excluded,
        generatedByStaffId: staff?.id ?? null,
        createdAt: at,
      },
      staff
        ? (id) => ({
            staffUserId: staff.id,
            action: 'credit_reporting_file_generated',
            targetUserId: null,
            before: { period },
            after: { file_id: id, period, base_records: built.baseRecords, excluded: built.excluded.length, sha256 },
          })
        : null,
    );
  } catch (err) {
    await ctx.providers.storage.delete(storageKey);
    throw err;
  }
  if (!row) {
    await ctx.providers.storage.delete(storageKey);
    const winner = await ctx.repos.creditReporting.fileOfPeriod(period);
    return { file: fileView((await ctx.repos.creditReporting.file(winner!.id))!), created: false };
  }
  return { file: fileView((await ctx.repos.creditReporting.file(row.id))!), created: true };
}

/** The monthly job: furnishes the latest month that has ended on the business date, unless its file exists. Answers the file, or null when it already existed. */
export async function runMonthlyFurnishing(ctx: AppContext): Promise<TCreditReportingFile | null> {
  const period = lastEndedPeriod(await businessDate(ctx));
  if (await ctx.repos.creditReporting.fileOfPeriod(period)) return null;
  // Only once the daily run has serviced the month's last day: a file made earlier would miss that day's
  // payments, fees and status changes.
  const run = await servicingDayState(ctx);
  if (run.lastCompleted === null || run.lastCompleted < periodEnd(period)) return null;
  const r = await generateCreditFile(ctx, period, null);
  return r.created ? r.file : null;
}

/** GET /backoffice/credit_reporting/files */
export async function listCreditFiles(ctx: AppContext) {
  const today = await businessDate(ctx);
  return { business_date: today, last_ended_period: lastEndedPeriod(today), files: (await ctx.repos.creditReporting.files()).map(fileView) };
}

/** GET /backoffice/credit_reporting/files/{id}/download: the opened bytes, audited (`credit_reporting_file_downloaded`). */
export async function downloadCreditFile(ctx: AppContext, staff: TStaffMember, id: number): Promise<{ fileName: string; bytes: Buffer }> {
  const file = await ctx.repos.creditReporting.file(id);
  if (!file) throw AppError.notFound(CREDIT_REPORTING_MSG.fileNotFound);
  const sealed = await ctx.providers.storage.get(file.storageKey);
  if (!sealed) throw new FileUnavailableError(CREDIT_REPORTING_MSG.fileUnavailable, { source: 'credit_reporting_file', id: file.id });
  const bytes = (await ctx.cryptoBox()).openBytes(sealed, file.storageKey);
  if (createHash('sha256').update(bytes).digest('hex') !== file.sha256)
    throw new FileUnavailableError(CREDIT_REPORTING_MSG.fileUnavailable, { source: 'credit_reporting_file', id: file.id });
  await ctx.repos.creditReporting.audit(
    {
      staffUserId: staff.id,
      action: 'credit_reporting_file_downloaded',
      targetUserId: null,
      before: {},
      after: { file_id: file.id, period: file.period, sha256: file.sha256 },
    },
    ctx.now(),
  );
  return { fileName: `METRO2-${file.period}.txt`, bytes };
}
