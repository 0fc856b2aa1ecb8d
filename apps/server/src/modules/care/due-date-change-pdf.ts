import { DUE_DATE_CHANGE_AGREEMENT } from '@payrail/domain/care/due-date-change';
import { normalizeSignatureName } from '@payrail/domain/esign/signature';
import { cents, formatUsd } from '@payrail/domain/money';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import type { DueDateChangeScheduleRow } from '../../db/schema/index';
import { COMPANY } from '../../db/seed-data/company';
import { formatDate } from '../esignature/loan-figures';
import { INK, LETTER, MUTED, TextFlow, drawSignatureBlock, numberPages, toWinAnsi } from '../../lib/pdf-text';

const { margin: MARGIN } = LETTER;

export type DueDateChangeAgreement = {
  requestId: number;
  loanNumber: string;
  borrowerName: string;
  schedule: readonly DueDateChangeScheduleRow[];
  oldApr: string;
  newApr: string;
  aprChanged: boolean;
  financeChargeCents: number;
  totalOfPaymentsCents: number;
  disclosure: readonly string[];
  signature: { name: string; signedAt: Date; ip: string | null };
};

/** The figures written to the PDF's keywords, so a reader or a test can check them without parsing the page. */
export function agreementKeywords(a: DueDateChangeAgreement): string[] {
  const first = a.schedule.find((r) => r.moved);
  return [
    'payrail-due-date-change-agreement',
    `version=${DUE_DATE_CHANGE_AGREEMENT.version}`,
    `loan=${a.loanNumber}`,
    `request=${String(a.requestId)}`,
    `new_due_date=${first?.new_due_date ?? ''}`,
    `apr_before=${a.oldApr}`,
    `apr_after=${a.newApr}`,
    `total_of_payments_cents=${String(a.totalOfPaymentsCents)}`,
    `signed_by=${normalizeSignatureName(a.signature.name)}`,
  ];
}

/**
 * The signed "Due date change agreement" (Letter PDF): the re-disclosure (old and new date of every
 * payment, its amount, the APR before and after, the finance charge and total of payments unchanged),
 * the agreement text, and the signature block (typed name, time, IP).
 */
export async function renderDueDateChangeAgreement(a: DueDateChangeAgreement): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${DUE_DATE_CHANGE_AGREEMENT.title}, loan ${a.loanNumber}`);
  pdf.setSubject('Re-disclosure of the payment schedule after a due date change');
  pdf.setAuthor(COMPANY.legal_name);
  pdf.setProducer('Payrail');
  pdf.setCreator('Payrail e-signature');
  pdf.setKeywords(agreementKeywords(a));
  pdf.setCreationDate(a.signature.signedAt);
  pdf.setModificationDate(a.signature.signedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const script = await pdf.embedFont(StandardFonts.TimesRomanBoldItalic);

  const flow = new TextFlow(pdf, regular);
  const ensure = (space: number) => flow.ensure(space);
  const write = (...args: Parameters<TextFlow['write']>) => flow.write(...args);
  const cols = [MARGIN, MARGIN + 60, MARGIN + 200, MARGIN + 340];
  const tableRow = (cells: readonly string[], font: PDFFont) => {
    ensure(15);
    cells.forEach((c, i) => flow.page.drawText(toWinAnsi(c), { x: cols[i]!, y: flow.y - 10, size: 9.5, font, color: INK }));
    flow.y -= 15;
  };

  write(COMPANY.legal_name, bold, 12, 0);
  write(`${COMPANY.address_line} · ${COMPANY.support_phone} · ${COMPANY.support_email}`, regular, 9, 14, MUTED);
  write(DUE_DATE_CHANGE_AGREEMENT.title, bold, 18, 2);
  write(`Version ${DUE_DATE_CHANGE_AGREEMENT.version} · Loan ${a.loanNumber} · Borrower: ${a.borrowerName}`, regular, 9, 12, MUTED);

  write('Truth in Lending re-disclosure', bold, 12, 4);
  write(`Annual percentage rate: ${a.oldApr}% before this change, ${a.newApr}% after it${a.aprChanged ? ' (changed)' : ' (unchanged)'}.`, regular, 10, 2);
  write(`Finance charge: ${formatUsd(cents(a.financeChargeCents))} (unchanged).`, regular, 10, 2);
  write(`Total of payments: ${formatUsd(cents(a.totalOfPaymentsCents))} (unchanged).`, regular, 10, 10);

  write('Payment schedule', bold, 12, 4);
  tableRow(['Payment', 'Due date before', 'Due date after', 'Amount'], bold);
  for (const r of a.schedule)
    tableRow([`${String(r.n)}${r.moved ? '' : ' (kept)'}`, formatDate(r.due_date), formatDate(r.new_due_date), formatUsd(cents(r.payment_cents))], regular);
  flow.y -= 8;

  write('Agreement', bold, 12, 4);
  for (const p of a.disclosure) write(p, regular, 9.5, 5);

  drawSignatureBlock(flow, a.signature, { regular, bold, script });
  numberPages(pdf, regular);
  return pdf.save();
}
