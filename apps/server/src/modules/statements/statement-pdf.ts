import { cents, formatUsd } from '@payrail/domain/money';
import type { StatementFigures, YearEndFigures } from '@payrail/domain/servicing/statement';
import { PDFDocument, type PDFFont, StandardFonts, rgb } from 'pdf-lib';
import { COMPANY } from '../../db/seed-data/company';
import { formatDate } from '../esignature/loan-figures';
import { INK, LETTER, TextFlow, toWinAnsi } from '../../lib/pdf-text';

const { width: WIDTH, margin: MARGIN } = LETTER;
const MUTED = rgb(0.32, 0.38, 0.43);

/** Who and what a statement is about, besides its figures. */
export interface StatementHeader {
  readonly title: string;
  readonly loanNumber: string;
  readonly borrowerName: string;
  /** The business date it was issued. */
  readonly issuedOn: string;
}

/** How to pay and whom to call: the same servicer contact the product prints elsewhere (COMPANY). */
export const HOW_TO_PAY = [
  `In the ${COMPANY.brand_name} app: sign in, open Loans & Payments and make a one-time payment by ACH from your bank account or by debit card, or choose Payoff.`,
  'Automatic debit (ACH): if you set one up, each installment is debited from your bank account on its due date.',
  'Payroll deduction: if your employer pays your installments from your pay, they are remitted to us each payday.',
] as const;

export const SERVICER_CONTACT = `${COMPANY.legal_name}, ${COMPANY.address_line}. Phone ${COMPANY.support_phone}, e-mail ${COMPANY.support_email}, ${COMPANY.website}.`;

const usd = (n: number) => formatUsd(cents(n));
/** A balance for people: a negative one is a credit owed to the borrower. */
const balance = (n: number) => (n < 0 ? `${usd(-n)} credit` : usd(n));

/** The figures written to the PDF's keywords, so a reader or a test can check them without parsing the page. */
export function statementKeywords(h: StatementHeader, f: StatementFigures): string[] {
  return [
    'payrail-statement',
    `loan=${h.loanNumber}`,
    `period=${f.period.start}/${f.period.end}`,
    `opening_cents=${f.openingBalanceCents}`,
    `closing_cents=${f.closingBalanceCents}`,
    `principal_paid_cents=${f.paidInPeriod.principalCents}`,
    `interest_paid_cents=${f.paidInPeriod.interestCents}`,
    `fees_paid_cents=${f.paidInPeriod.feesCents}`,
    `past_due_cents=${f.pastDueCents}`,
    `lines=${f.lines.length}`,
  ];
}

export function yearEndKeywords(h: StatementHeader, f: YearEndFigures): string[] {
  return [
    'payrail-year-end-summary',
    `loan=${h.loanNumber}`,
    `year=${f.year}`,
    `interest_paid_cents=${f.paid.interestCents}`,
    `fees_paid_cents=${f.paid.feesCents}`,
    `principal_paid_cents=${f.paid.principalCents}`,
    `closing_cents=${f.closingBalanceCents}`,
  ];
}

async function start(h: StatementHeader, keywords: string[], at: Date) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${h.title}, loan ${h.loanNumber}`);
  pdf.setSubject(h.title);
  pdf.setAuthor(COMPANY.legal_name);
  pdf.setProducer('Payrail');
  pdf.setCreator('Payrail servicing');
  pdf.setKeywords(keywords);
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const flow = new TextFlow(pdf, regular);
  const row = (label: string, value: string, strong = false) => {
    flow.ensure(16);
    const font: PDFFont = strong ? bold : regular;
    flow.page.drawText(toWinAnsi(label), { x: MARGIN, y: flow.y - 10, size: 10, font, color: INK });
    flow.page.drawText(toWinAnsi(value), { x: WIDTH - MARGIN - font.widthOfTextAtSize(toWinAnsi(value), 10), y: flow.y - 10, size: 10, font, color: INK });
    flow.y -= 15;
  };
  const rule = () => {
    flow.page.drawLine({ start: { x: MARGIN, y: flow.y + 2 }, end: { x: WIDTH - MARGIN, y: flow.y + 2 }, thickness: 0.8, color: INK });
    flow.y -= 4;
  };
  flow.write(COMPANY.legal_name, bold, 12, 0);
  flow.write(`${COMPANY.address_line} · ${COMPANY.support_phone} · ${COMPANY.support_email}`, regular, 9, 12, MUTED);
  flow.write(h.title, bold, 18, 6);
  flow.write(`Loan number ${h.loanNumber} · ${h.borrowerName || 'Borrower'} · issued ${formatDate(h.issuedOn)}`, regular, 10, 10);
  return { pdf, flow, regular, bold, row, rule };
}

function footer(flow: TextFlow, regular: PDFFont, bold: PDFFont) {
  flow.y -= 6;
  flow.write('How to pay', bold, 12, 4);
  for (const line of HOW_TO_PAY) flow.write(`- ${line}`, regular, 10, 3);
  flow.y -= 6;
  flow.write('Questions about this statement', bold, 12, 4);
  flow.write(`${SERVICER_CONTACT} Please have your loan number ready.`, regular, 10, 8);
  flow.write(
    'Amounts are in US dollars. A payment returned by your bank is shown as a payment returned and is owed again. Keep this statement for your records.',
    regular,
    8,
    0,
    MUTED,
  );
}

/** The monthly statement as a Letter-size PDF: summary, activity line by line, paid in the period and year to date, next payment, how to pay. */
export async function renderStatement(h: StatementHeader, f: StatementFigures, at: Date): Promise<Uint8Array> {
  const { pdf, flow, regular, bold, row, rule } = await start(h, statementKeywords(h, f), at);
  flow.write(`Statement period: ${formatDate(f.period.start)} to ${formatDate(f.period.end)}`, regular, 10, 10);

  flow.write('Summary', bold, 12, 4);
  row('Balance at the start of the period', balance(f.openingBalanceCents));
  for (const l of f.lines)
    row(
      `${formatDate(l.date)}  ${l.description}`,
      l.effectCents === 0 ? usd(l.amountCents) : l.effectCents > 0 ? `+${usd(l.effectCents)}` : `-${usd(-l.effectCents)}`,
    );
  if (f.lines.length === 0) row('No payments, fees or other activity in this period', '');
  row('Interest charged in the period', f.interestChargedCents < 0 ? `-${usd(-f.interestChargedCents)}` : `+${usd(f.interestChargedCents)}`);
  if (f.feeAdjustmentCents !== 0) row('Fees not owed (charged after the loan was paid)', usd(f.feeAdjustmentCents));
  if (f.otherAdjustmentsCents !== 0)
    row('Other adjustments', f.otherAdjustmentsCents < 0 ? `-${usd(-f.otherAdjustmentsCents)}` : `+${usd(f.otherAdjustmentsCents)}`);
  rule();
  row('Balance at the end of the period', balance(f.closingBalanceCents), true);
  row('of which principal', usd(f.principalBalanceCents));
  flow.y -= 8;

  flow.write('Paid', bold, 12, 4);
  row('', 'This period          Year to date');
  const paid = (label: string, a: number, b: number) => row(label, `${usd(a)}          ${usd(b)}`);
  paid('Principal', f.paidInPeriod.principalCents, f.paidYearToDate.principalCents);
  paid('Interest', f.paidInPeriod.interestCents, f.paidYearToDate.interestCents);
  paid('Fees', f.paidInPeriod.feesCents, f.paidYearToDate.feesCents);
  flow.y -= 8;

  if (f.chargedOff)
    flow.write(
      `Your loan was charged off on ${formatDate(f.chargedOff.date)} (${usd(f.chargedOff.chargedOffCents)}). The balance is still owed: ${usd(f.chargedOff.recoverableCents)} as of ${formatDate(f.period.end)}.`,
      regular,
      10,
      8,
    );
  flow.write('Next payment', bold, 12, 4);
  if (!f.nextPayment) row(f.closed ? 'Your loan is paid in full: nothing is due.' : 'Nothing is due.', '');
  else row(f.nextPayment.dueDate ? `Amount due on ${formatDate(f.nextPayment.dueDate)}` : 'Amount due now', usd(f.nextPayment.amountCents), true);
  row('Past-due amount (included above)', usd(f.pastDueCents));
  if (f.daysPastDue > 0)
    flow.write(
      `Your loan is ${String(f.daysPastDue)} days past due. Please pay the past-due amount as soon as you can, or call us to talk about your options.`,
      regular,
      10,
      4,
    );

  footer(flow, regular, bold);
  return pdf.save();
}

/** The year-end summary as a Letter-size PDF: interest and fees paid in the calendar year, principal paid, balance at year end. */
export async function renderYearEnd(h: StatementHeader, f: YearEndFigures, at: Date): Promise<Uint8Array> {
  const { pdf, flow, regular, bold, row, rule } = await start(h, yearEndKeywords(h, f), at);
  flow.write(`Calendar year ${String(f.year)}: ${formatDate(f.period.start)} to ${formatDate(f.period.end)}`, regular, 10, 10);
  flow.write('Paid in the year', bold, 12, 4);
  row('Interest paid', usd(f.paid.interestCents), true);
  row('Fees paid', usd(f.paid.feesCents), true);
  row('Principal paid', usd(f.paid.principalCents));
  rule();
  row('Payments received (less payments returned)', usd(f.paymentsCents));
  flow.y -= 8;
  flow.write('Charged in the year', bold, 12, 4);
  row('Interest charged', usd(f.interestChargedCents));
  row('Fees charged', usd(f.feesChargedCents));
  flow.y -= 8;
  flow.write('Balance', bold, 12, 4);
  row(`Balance at the start of ${String(f.year)}`, balance(f.openingBalanceCents));
  row(`Balance on ${formatDate(f.period.end)} (end of the year)`, balance(f.closingBalanceCents), true);
  row('of which principal', usd(f.principalBalanceCents));
  flow.y -= 4;
  flow.write('This is a consumer installment loan: interest paid on it is generally not tax-deductible. We do not give tax advice.', regular, 9, 4, MUTED);
  footer(flow, regular, bold);
  return pdf.save();
}
