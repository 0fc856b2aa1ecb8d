import { normalizeSignatureName, signatureFontSize } from '@payrail/domain/esign/signature';
import { type AmountFinancedItemization, itemizeAmountFinanced } from '@payrail/domain/loan/itemization';
import type { ScheduleRow } from '@payrail/domain/loan/schedule';
import { formatUsd } from '@payrail/domain/money';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';
import type { SignedLoanFigures } from '../../db/schema/esignature';
import type { AgreementSection } from '../../db/schema/reference';
import { COMPANY } from '../../db/seed-data/company';
import { formatDate } from './loan-figures';
import { INK, LETTER, toWinAnsi, wrapLines } from '../../lib/pdf-text';

export type NoteInput = {
  borrowerName: string;
  figures: SignedLoanFigures;
  schedule: readonly ScheduleRow[];
  /** The promissory_note_terms agreement document. */
  terms: { title: string; version: string; sections: AgreementSection[] };
  /** When the PDF is made (its metadata dates; the note's date). */
  at: Date;
  /** Present on the signed copy. */
  signature?: { name: string; signedAt: Date; ip: string | null };
};

const FREQUENCY_WORDS: Record<string, string> = { weekly: 'Weekly', biweekly: 'Bi-weekly', semimonthly: 'Semi-monthly', monthly: 'Monthly' };

/** The itemization of the note's amount financed (a refinance: the payoff of the existing loan is one line). */
export function noteItemization(f: SignedLoanFigures): AmountFinancedItemization {
  const payoff = f.refinance_payoff;
  return itemizeAmountFinanced(
    { amountFinancedCents: f.amount_financed_cents, prepaidFinanceChargeCents: f.fee_cents },
    payoff ? { loanNumber: payoff.loan_number, payoffCents: payoff.payoff_cents } : null,
  );
}

/** The itemization's line for the existing loan a refinance pays off. */
export const existingLoanLine = (loanNumber: string) => `Paid to your existing loan #${loanNumber}`;

/** The keywords that carry the note's figures (`apr=27.47`, …), so a reader or a test can check them without parsing the page. */
export function noteKeywords(figures: SignedLoanFigures, signed: boolean): string[] {
  const itemized = noteItemization(figures);
  return [
    'payrail-promissory-note',
    `apr=${figures.apr}`,
    `finance_charge_cents=${figures.finance_charge_cents}`,
    `amount_financed_cents=${figures.amount_financed_cents}`,
    `total_of_payments_cents=${figures.total_of_payments_cents}`,
    `payment_per_term_cents=${figures.payment_per_term_cents}`,
    `number_of_payments=${figures.number_of_payments}`,
    `amount_cents=${figures.amount_cents}`,
    `paid_to_you_cents=${itemized.paidToYouCents}`,
    ...(itemized.paidOnExistingLoan
      ? [`existing_loan=${itemized.paidOnExistingLoan.loanNumber}`, `paid_on_existing_loan_cents=${itemized.paidOnExistingLoan.cents}`]
      : []),
    `signed=${signed}`,
  ];
}

const { width: WIDTH, height: HEIGHT, margin: MARGIN } = LETTER;
const MUTED = rgb(0.32, 0.38, 0.43);

/**
 * The member's promissory note as a Letter-size PDF: the Truth in Lending box (APR to two decimals,
 * finance charge, amount financed, total of payments), the loan details, the full payment schedule, the
 * promissory_note_terms text and the signature block — empty on the unsigned copy; on the signed copy
 * the full name in a script-like standard font (Times Bold Italic, size by `signatureFontSize`) with
 * the signing time and IP. The figures are also written to the PDF's keywords.
 */
export async function renderPromissoryNote(input: NoteInput): Promise<Uint8Array> {
  const { figures: f } = input;
  const pdf = await PDFDocument.create();
  pdf.setTitle('Installment Loan Agreement and Promissory Note');
  pdf.setSubject(`Promissory note of ${toWinAnsi(input.borrowerName)}`);
  pdf.setAuthor(COMPANY.legal_name);
  pdf.setProducer('Payrail');
  pdf.setCreator('Payrail e-signature');
  pdf.setKeywords(noteKeywords(f, input.signature !== undefined));
  pdf.setCreationDate(input.at);
  pdf.setModificationDate(input.at);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const script = await pdf.embedFont(StandardFonts.TimesRomanBoldItalic);

  let page: PDFPage = pdf.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  const newPage = () => {
    page = pdf.addPage([WIDTH, HEIGHT]);
    y = HEIGHT - MARGIN;
  };
  const ensure = (space: number) => {
    if (y - space < MARGIN) newPage();
  };
  const text = (s: string, x: number, at: number, font: PDFFont = regular, size = 10, color = INK) =>
    page.drawText(toWinAnsi(s), { x, y: at, size, font, color });
  const write = (s: string, font: PDFFont = regular, size = 10, gapAfter = 4) => {
    for (const l of wrapLines(s, font, size, WIDTH - 2 * MARGIN)) {
      ensure(size * 1.45);
      text(l, MARGIN, y - size, font, size);
      y -= size * 1.45;
    }
    y -= gapAfter;
  };

  write('Installment Loan Agreement and Promissory Note', bold, 16, 2);
  write(`Lender: ${COMPANY.bank_name}    Servicer: ${COMPANY.legal_name}`, regular, 9, 0);
  write(`Borrower: ${input.borrowerName}    Date: ${formatDate(input.at.toISOString().slice(0, 10))}`, regular, 9, 10);

  // The Truth in Lending box: four cells side by side.
  const boxTop = y;
  const boxHeight = 78;
  const cell = (WIDTH - 2 * MARGIN) / 4;
  const cells: [string, string, string][] = [
    ['ANNUAL PERCENTAGE RATE', 'The cost of your credit as a yearly rate.', `${f.apr}%`],
    ['FINANCE CHARGE', 'The dollar amount the credit will cost you.', formatUsd(f.finance_charge_cents)],
    ['Amount Financed', 'The amount of credit provided to you or on your behalf.', formatUsd(f.amount_financed_cents)],
    ['Total of Payments', 'The amount you will have paid after you have made all payments as scheduled.', formatUsd(f.total_of_payments_cents)],
  ];
  cells.forEach(([title, help, value], i) => {
    const x = MARGIN + i * cell;
    page.drawRectangle({ x, y: boxTop - boxHeight, width: cell, height: boxHeight, borderColor: INK, borderWidth: i < 2 ? 1.6 : 0.8 });
    text(title, x + 6, boxTop - 14, bold, 7.5);
    const words = help.split(' ');
    let line = '';
    let ly = boxTop - 26;
    for (const w of words) {
      const candidate = line ? `${line} ${w}` : w;
      if (line && regular.widthOfTextAtSize(candidate, 6.5) > cell - 12) {
        text(line, x + 6, ly, regular, 6.5, MUTED);
        ly -= 8;
        line = w;
      } else line = candidate;
    }
    if (line) text(line, x + 6, ly, regular, 6.5, MUTED);
    text(value, x + 6, boxTop - boxHeight + 10, bold, 13);
  });
  y = boxTop - boxHeight - 16;

  // Itemization of the amount financed: the lines sum to the amount financed, to the cent.
  const itemized = noteItemization(f);
  write('Itemization of Amount Financed', bold, 12, 2);
  const items: [string, string, boolean][] = [
    ['Amount paid to you directly', formatUsd(itemized.paidToYouCents), false],
    ...(itemized.paidOnExistingLoan
      ? [[existingLoanLine(itemized.paidOnExistingLoan.loanNumber), formatUsd(itemized.paidOnExistingLoan.cents), false] as [string, string, boolean]]
      : []),
    ['Amount Financed', formatUsd(itemized.amountFinancedCents), true],
    [`Prepaid finance charge (${f.fee_label})`, formatUsd(itemized.prepaidFinanceChargeCents), false],
    ['Principal amount of this note', formatUsd(itemized.principalCents), true],
  ];
  for (const [k, v, strong] of items) {
    ensure(14);
    text(k, MARGIN, y - 10, strong ? bold : regular, 9.5);
    const font = strong ? bold : regular;
    text(v, MARGIN + 330 - font.widthOfTextAtSize(toWinAnsi(v), 9.5), y - 10, font, 9.5);
    y -= 14;
  }
  if (f.refinance_payoff)
    write(
      `The payoff of loan #${f.refinance_payoff.loan_number} is quoted for ${formatDate(f.refinance_payoff.payoff_date)}. It is paid from this loan's proceeds on the day this loan is funded; a different payoff on that day changes the amount paid to you by the difference.`,
      regular,
      8.5,
      0,
    );
  y -= 8;

  write('Loan details', bold, 12, 2);
  const details: [string, string][] = [
    ['Loan amount', formatUsd(f.amount_cents)],
    [
      `${f.fee_label[0]!.toUpperCase()}${f.fee_label.slice(1)}`,
      `${formatUsd(f.fee_cents)} (${f.fee_financed ? 'financed: added to the principal' : 'not financed: withheld from the proceeds'})`,
    ],
    ['Interest rate', `${f.interest_rate}% per year, fixed`],
    [
      'Payments',
      `${f.number_of_payments} ${(FREQUENCY_WORDS[f.term_frequency] ?? f.term_frequency).toLowerCase()} payments of ${formatUsd(f.payment_per_term_cents)}`,
    ],
    ['Disbursement date', formatDate(f.disbursement_date)],
    ['First payment date', formatDate(f.first_payment_date)],
  ];
  for (const [k, v] of details) {
    ensure(14);
    text(k, MARGIN, y - 10, bold, 9.5);
    text(v, MARGIN + 150, y - 10, regular, 9.5);
    y -= 14;
  }
  y -= 8;

  write('Payment schedule', bold, 12, 2);
  const columns = [
    { title: 'No.', x: 0, right: false },
    { title: 'Due date', x: 40, right: false },
    { title: 'Payment', x: 200, right: true },
    { title: 'Principal', x: 290, right: true },
    { title: 'Interest', x: 380, right: true },
    { title: 'Balance', x: 490, right: true },
  ];
  const row = (values: string[], font: PDFFont) => {
    ensure(13);
    values.forEach((v, i) => {
      const c = columns[i]!;
      const x = MARGIN + c.x - (c.right ? font.widthOfTextAtSize(v, 9) : 0);
      text(v, x, y - 10, font, 9);
    });
    y -= 13;
  };
  row(
    columns.map((c) => c.title),
    bold,
  );
  for (const r of input.schedule) {
    row(
      [String(r.n), formatDate(r.dueDate), formatUsd(r.paymentCents), formatUsd(r.principalCents), formatUsd(r.interestCents), formatUsd(r.balanceCents)],
      regular,
    );
  }
  y -= 10;

  write(input.terms.title, bold, 12, 2);
  write(`Version ${input.terms.version}`, regular, 8, 6);
  for (const s of input.terms.sections) {
    write(s.heading, bold, 10.5, 2);
    for (const p of s.paragraphs) write(p, regular, 9.5, 4);
  }

  // The signature block.
  ensure(110);
  y -= 10;
  write("Borrower's signature", bold, 11, 4);
  if (input.signature) {
    const name = normalizeSignatureName(input.signature.name);
    const size = signatureFontSize(name);
    text(name, MARGIN, y - size, script, size);
    y -= size + 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.8, color: INK });
    y -= 4;
    write(`Signed electronically by ${name} on ${input.signature.signedAt.toISOString()} from IP address ${input.signature.ip ?? 'unknown'}.`, regular, 8.5, 0);
  } else {
    y -= 40;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.8, color: INK });
    y -= 4;
    write('Not signed. Sign on the E-signature page of your application to accept this agreement.', regular, 8.5, 0);
  }

  const pages = pdf.getPages();
  pages.forEach((p, i) => p.drawText(`Page ${i + 1} of ${pages.length}`, { x: WIDTH - MARGIN - 60, y: MARGIN / 2, size: 8, font: regular, color: MUTED }));
  return pdf.save();
}
