import { cents, formatUsd } from '@payrail/domain/money';
import type { TPayoffLetterResponse } from '@payrail/contract/borrower-tools';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { COMPANY } from '../../db/seed-data/company';
import { formatDate } from '../esignature/loan-figures';
import { INK, LETTER, TextFlow, toWinAnsi } from '../../lib/pdf-text';

const { width: WIDTH, margin: MARGIN } = LETTER;
const MUTED = rgb(0.32, 0.38, 0.43);

/** The figures written to the PDF's keywords, so a reader or a test can check them without parsing the page. */
export function payoffLetterKeywords(l: TPayoffLetterResponse): string[] {
  return [
    'payrail-payoff-letter',
    `loan=${l.loan_number}`,
    `good_through=${l.good_through}`,
    `payoff_cents=${l.payoff_amount}`,
    `per_diem_cents=${l.per_diem}`,
    `pending_debits=${l.pending_debits.length}`,
  ];
}

/**
 * The payoff letter as a Letter-size PDF: the amount that closes the loan through the good-through
 * date and its parts, the per-diem interest, the debits not yet final and what each would change, and
 * where to send the funds.
 */
export async function renderPayoffLetter(l: TPayoffLetterResponse, at: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Payoff letter, loan ${l.loan_number}`);
  pdf.setSubject(`Payoff amount good through ${l.good_through}`);
  pdf.setAuthor(COMPANY.legal_name);
  pdf.setProducer('Payrail');
  pdf.setCreator('Payrail servicing');
  pdf.setKeywords(payoffLetterKeywords(l));
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

  const flow = new TextFlow(pdf, regular);
  const ensure = (space: number) => flow.ensure(space);
  const write = (...args: Parameters<TextFlow['write']>) => flow.write(...args);
  const row = (label: string, value: string, strong = false) => {
    ensure(16);
    flow.page.drawText(toWinAnsi(label), { x: MARGIN, y: flow.y - 11, size: 11, font: strong ? bold : regular, color: INK });
    const font = strong ? bold : regular;
    flow.page.drawText(toWinAnsi(value), { x: WIDTH - MARGIN - font.widthOfTextAtSize(toWinAnsi(value), 11), y: flow.y - 11, size: 11, font, color: INK });
    flow.y -= 17;
  };

  write(COMPANY.legal_name, bold, 12, 0);
  write(`${COMPANY.address_line} · ${COMPANY.support_phone} · ${COMPANY.support_email}`, regular, 9, 14, MUTED);
  write(`Date: ${formatDate(l.letter_date)}`, regular, 10, 2);
  write(`To: ${l.borrower_name || 'Borrower'}`, regular, 10, 2);
  write(`Re: Loan ${l.loan_number}`, regular, 10, 12);
  write('Payoff letter', bold, 18, 6);
  write(
    `This letter states the amount that pays your loan in full if we receive it by ${formatDate(l.good_through)} (the good-through date).`,
    regular,
    10,
    10,
  );

  row('Principal', formatUsd(cents(l.principal)));
  row('Interest through the good-through date', formatUsd(cents(l.interest)));
  row('Fees', formatUsd(cents(l.fees)));
  flow.page.drawLine({ start: { x: MARGIN, y: flow.y + 2 }, end: { x: WIDTH - MARGIN, y: flow.y + 2 }, thickness: 0.8, color: INK });
  flow.y -= 4;
  row(`Payoff amount good through ${formatDate(l.good_through)}`, formatUsd(cents(l.payoff_amount)), true);
  flow.y -= 6;
  write(
    `Per-diem interest: ${formatUsd(cents(l.per_diem))} for each day after the good-through date that the funds arrive (until your next due date; ask us for a new letter after it).`,
    regular,
    10,
    12,
  );

  write('Payments not yet final', bold, 12, 4);
  if (l.pending_debits.length === 0) write('None: no debit is scheduled or waiting to settle on this loan.', regular, 10, 12);
  else for (const d of l.pending_debits) write(`- ${d.explanation}`, regular, 10, 4);
  flow.y -= 8;

  write('Where to send the funds', bold, 12, 4);
  write(`Online: ${l.send_funds.online}`, regular, 10, 6);
  const w = l.send_funds.wire;
  write(
    `By wire or ACH credit: ${w.bank_name}, routing number ${w.routing_number}, account ${w.account_number} (${w.account_name}). Reference: ${w.reference}.`,
    regular,
    10,
    6,
  );
  write(
    `By check, payable to ${l.send_funds.mail.payee}, memo "${l.send_funds.mail.memo}", mailed to: ${l.send_funds.mail.address_lines.join(', ')}.`,
    regular,
    10,
    12,
  );

  write(
    'Once the payoff amount is received and final, the loan is closed, any scheduled debit after it is canceled, and any amount received beyond the payoff is refunded to you. This letter is not a demand for payment.',
    regular,
    9,
    4,
    MUTED,
  );
  return pdf.save();
}
