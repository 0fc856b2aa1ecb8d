/**
 * The allotment / split direct deposit instructions (classic §2 Allotment, glossary): what the borrower
 * sets up in their payroll portal so each paycheck repays the loan. Federal employers set up an
 * allotment for the installment; the Postal Service does it in LiteBlue (PostalEASE); every other
 * employer uses the split direct deposit wording and the manual variant's fixed $85.00 savings split.
 * Rendered once as data, then as an HTML fragment (the page) and as plain text (the e-mail).
 */

/** The manual split direct deposit's fixed amount per paycheck (newflow §2: "a savings split with a fixed amount of $85.00"). */
export const MANUAL_SPLIT_DEPOSIT_CENTS = 8_500;

export type InstructionKind = 'federal_allotment' | 'postal_allotment' | 'split_direct_deposit';

export type InstructionInput = {
  kind: InstructionKind;
  employerName: string | null;
  portal: { name: string; url: string } | null;
  /** The amount per paycheck, already formatted (`$123.45`). */
  amount: string;
  /** The collection account at the partner bank. */
  account: { bankName: string; routingNumber: string; accountNumber: string; accountType: 'Checking' | 'Savings' };
  /** What the borrower writes in the allotment's reference / memo field. */
  reference: string;
};

type Step = { text: string; link?: { label: string; url: string } };
type Instructions = { subject: string; title: string; intro: string; steps: Step[]; details: [string, string][]; closing: string };

/** What the kind of employer reads: "allotment" for federal and postal staff, "split direct deposit" otherwise. */
export const instructionWord = (kind: InstructionKind): string => (kind === 'split_direct_deposit' ? 'split direct deposit' : 'allotment');

function build(input: InstructionInput): Instructions {
  const { account, portal } = input;
  const details: [string, string][] = [
    ['Financial institution', account.bankName],
    ['Routing number', account.routingNumber],
    ['Account number', account.accountNumber],
    ['Account type', account.accountType],
    ['Amount per paycheck', input.amount],
    ['Reference / memo', input.reference],
  ];
  const portalStep = (fallback: string): Step =>
    portal ? { text: `Sign in to ${portal.name}.`, link: { label: portal.name, url: portal.url } } : { text: fallback };
  const employer = input.employerName ?? 'your employer';

  if (input.kind === 'postal_allotment') {
    return {
      subject: 'Your Payrail allotment instructions',
      title: 'How to set up your allotment in LiteBlue',
      intro: `Your loan is repaid by a payroll allotment from your ${employer} paycheck. Set it up in LiteBlue, then upload the confirmation.`,
      steps: [
        {
          text: 'Sign in to LiteBlue with your Employee ID and password.',
          link: { label: portal?.name ?? 'LiteBlue', url: portal?.url ?? 'https://liteblue.usps.gov' },
        },
        { text: 'Open PostalEASE and choose "Payroll - Allotments/Net To Bank", then "Allotments".' },
        { text: 'Add a new allotment with the account details below and the amount per paycheck, and submit it.' },
        { text: 'Save or screenshot the confirmation page and upload it on the Allotment page of your application.' },
      ],
      details,
      closing:
        'The allotment starts with the first pay period your payroll office processes after you submit it. Keep it in place until your loan is paid in full.',
    };
  }
  if (input.kind === 'federal_allotment') {
    return {
      subject: 'Your Payrail allotment instructions',
      title: 'How to set up your allotment',
      intro: `Your loan is repaid by a payroll allotment from your ${employer} paycheck. Set it up in your payroll portal, then upload the confirmation.`,
      steps: [
        portalStep("Sign in to your agency's payroll portal."),
        { text: 'Open the allotments section (it may be called "Discretionary Allotments" or "Allotments/Net To Bank") and start a new allotment.' },
        { text: 'Enter the account details below and the amount per paycheck, and save the allotment.' },
        { text: 'Save or screenshot the confirmation and upload it on the Allotment page of your application.' },
      ],
      details,
      closing:
        'The allotment starts with the first pay period your payroll office processes after you save it. Keep it in place until your loan is paid in full.',
    };
  }
  return {
    subject: 'Your Payrail split direct deposit instructions',
    title: 'How to set up your split direct deposit',
    intro: `Your loan is repaid by splitting part of each ${employer} paycheck into a savings account. Set up the split in your payroll portal, then upload the confirmation.`,
    steps: [
      portalStep("Sign in to your employer's payroll portal."),
      { text: 'Open your direct deposit settings and add a new deposit account (a savings split).' },
      {
        text: `Enter the account details below, choose a fixed amount of ${input.amount} per paycheck, and save. Keep your current account for the rest of your pay.`,
      },
      { text: 'Take a screenshot of the saved split and upload it on the Split Direct Deposit page of your application.' },
    ],
    details,
    closing: 'The split starts with the first paycheck your payroll processes after you save it. Keep it in place until your loan is paid in full.',
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The instructions as an HTML fragment (the SPA embeds it) and as the e-mail's subject, text and HTML. */
export function renderAllotmentInstructions(input: InstructionInput): { subject: string; html: string; text: string } {
  const i = build(input);
  const steps = i.steps
    .map(
      (s) =>
        `<li>${escapeHtml(s.text)}${s.link ? ` <a href="${escapeHtml(s.link.url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(s.link.label)}</a>` : ''}</li>`,
    )
    .join('');
  const rows = i.details.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('');
  const html = `<section class="repayment-instructions"><h2>${escapeHtml(i.title)}</h2><p>${escapeHtml(i.intro)}</p><ol>${steps}</ol><table>${rows}</table><p>${escapeHtml(i.closing)}</p></section>`;
  const text = [
    i.title,
    '',
    i.intro,
    '',
    ...i.steps.map((s, n) => `${n + 1}. ${s.text}${s.link ? ` ${s.link.url}` : ''}`),
    '',
    ...i.details.map(([k, v]) => `${k}: ${v}`),
    '',
    i.closing,
  ].join('\n');
  return { subject: i.subject, html, text };
}
