import { PAYMENT_PLAN_AGREEMENT, PAYMENT_PLAN_KIND_LABELS } from '@payrail/contract/payment-plan';
import type { TPaymentPlanQuote } from '@payrail/contract/payment-plan';
import { normalizeSignatureName } from '@payrail/domain/esign/signature';
import { cents, formatUsd } from '@payrail/domain/money';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { COMPANY } from '../../db/seed-data/company';
import { formatDate } from '../esignature/loan-figures';
import { INK, LETTER, MUTED, TextFlow, drawSignatureBlock, numberPages, toWinAnsi } from '../../lib/pdf-text';

const { margin: MARGIN } = LETTER;
const TITLE = 'Payment plan agreement';

export type PaymentPlanAgreement = {
  planId: number;
  loanNumber: string;
  borrowerName: string;
  quote: TPaymentPlanQuote;
  signature: { name: string; signedAt: Date; ip: string | null };
};

/** The figures written to the PDF's keywords, so a reader or a test can check them without parsing the page. */
export function paymentPlanKeywords(a: PaymentPlanAgreement): string[] {
  const q = a.quote;
  return [
    'payrail-payment-plan-agreement',
    `version=${PAYMENT_PLAN_AGREEMENT.version}`,
    `loan=${a.loanNumber}`,
    `plan=${String(a.planId)}`,
    `effective_date=${q.effective_date}`,
    `amount_financed_cents=${String(q.amount_financed)}`,
    `finance_charge_cents=${String(q.finance_charge)}`,
    `total_of_payments_cents=${String(q.total_of_payments)}`,
    `apr=${q.apr}`,
    `installments=${String(q.installments)}`,
    `signed_by=${normalizeSignatureName(a.signature.name)}`,
  ];
}

/**
 * The signed payment plan agreement (Letter PDF): the loan before the plan, the Truth in Lending
 * re-disclosure (amount financed, finance charge, APR, total of payments), the payment schedule (each
 * installment's principal, interest, interest owed spread, amount), the agreement text and the signature block.
 */
export async function renderPaymentPlanAgreement(a: PaymentPlanAgreement): Promise<Uint8Array> {
  const q = a.quote;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${TITLE}, loan ${a.loanNumber}`);
  pdf.setSubject('Payment plan: re-disclosure of the payment schedule');
  pdf.setAuthor(COMPANY.legal_name);
  pdf.setProducer('Payrail');
  pdf.setCreator('Payrail e-signature');
  pdf.setKeywords(paymentPlanKeywords(a));
  pdf.setCreationDate(a.signature.signedAt);
  pdf.setModificationDate(a.signature.signedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const script = await pdf.embedFont(StandardFonts.TimesRomanBoldItalic);

  const flow = new TextFlow(pdf, regular);
  const write = (...args: Parameters<TextFlow['write']>) => flow.write(...args);
  const cols = [MARGIN, MARGIN + 40, MARGIN + 125, MARGIN + 205, MARGIN + 280, MARGIN + 360, MARGIN + 440];
  const tableRow = (cells: readonly string[], font: PDFFont) => {
    flow.ensure(15);
    cells.forEach((c, i) => flow.page.drawText(toWinAnsi(c), { x: cols[i]!, y: flow.y - 10, size: 9, font, color: INK }));
    flow.y -= 15;
  };
  const usd = (c: number) => formatUsd(cents(c));

  write(COMPANY.legal_name, bold, 12, 0);
  write(`${COMPANY.address_line} · ${COMPANY.support_phone} · ${COMPANY.support_email}`, regular, 9, 14, MUTED);
  write(TITLE, bold, 18, 2);
  write(`Version ${PAYMENT_PLAN_AGREEMENT.version} · Loan ${a.loanNumber} · Borrower: ${a.borrowerName} · Plan ${String(a.planId)}`, regular, 9, 12, MUTED);
  write(`${PAYMENT_PLAN_KIND_LABELS[q.kind]}. Effective ${formatDate(q.effective_date)}.`, regular, 10, 8);

  write('Your loan before this plan', bold, 12, 4);
  write(
    `Payment per installment ${usd(q.before.payment_per_term)}; ${String(q.before.days_past_due)} days past due, ${usd(q.before.past_due)} past due; payoff ${usd(q.before.payoff)}; interest rate ${q.before.annual_rate_percent}%; last payment ${formatDate(q.before.maturity_date)}.`,
    regular,
    10,
    10,
  );

  write('Truth in Lending re-disclosure', bold, 12, 4);
  write(`Annual percentage rate: ${q.apr}%. Interest rate of the plan: ${q.annual_rate_percent}%.`, regular, 10, 2);
  write(
    `Amount financed: ${usd(q.amount_financed)} (principal ${usd(q.principal)} and interest owed ${usd(q.arrears)}, spread without interest).`,
    regular,
    10,
    2,
  );
  write(`Finance charge: ${usd(q.finance_charge)}. Total of payments: ${usd(q.total_of_payments)}.`, regular, 10, 2);
  write(`Late fees waived: ${usd(q.fees_waived)}. No new money is lent and nothing is added to the principal.`, regular, 10, 10);

  write('Payment schedule', bold, 12, 4);
  tableRow(['No.', 'Due date', 'Principal', 'Interest', 'Interest owed', 'Amount', 'Balance'], bold);
  for (const r of q.rows)
    tableRow([String(r.n), formatDate(r.due_date), usd(r.principal), usd(r.interest), usd(r.arrears + r.fees), usd(r.payment), usd(r.balance)], regular);
  flow.y -= 8;

  write('Agreement', bold, 12, 4);
  for (const p of PAYMENT_PLAN_AGREEMENT.paragraphs) write(p, regular, 9.5, 5);

  drawSignatureBlock(flow, a.signature, { regular, bold, script });
  numberPages(pdf, regular);
  return pdf.save();
}
