import { COMPANY } from './company';
import { STATES } from './states';
import type { AgreementDocument, AgreementSection, State } from './types';

/**
 * Agreements and disclosures shown to applicants and borrowers. `name` is the wire name used by the
 * API (its spelling is fixed, typos included). Text is plain English; each document ends with a
 * "Contact us" section.
 */

const VERSION = '2026-01';
/** The note's terms: 2026-11 states the servicing engine's per-period interest method (docs/loan-engine.md). */
const NOTE_VERSION = '2026-11';
const PAYRAIL = COMPANY.legal_name;
const BANK = COMPANY.bank_name;
const PHONE = COMPANY.support_phone;
const EMAIL = COMPANY.support_email;
const ADDRESS = COMPANY.address_line;

function contactSection(...extra: readonly string[]): AgreementSection {
  return {
    heading: 'Contact us',
    paragraphs: [
      ...extra,
      `Call us at ${PHONE}, e-mail ${EMAIL}, or write to ${PAYRAIL}, ${ADDRESS}. Please include your full name and, if you have one, your loan number so that we can find your records quickly.`,
      'For your security, never send your full Social Security number, bank account number or password by e-mail or text message. We will never ask you for your password.',
    ],
  };
}

// ── Privacy notice ──────────────────────────────────────────────────────────
const PRIVACY_NOTICE = {
  name: 'privacy_notice',
  title: 'Privacy Notice: What Do Payrail and Harbor Point Bank Do With Your Personal Information?',
  version: VERSION,
  state_abbreviation: null,
  sections: [
    {
      heading: 'Why you are receiving this notice',
      paragraphs: [
        'Financial companies choose how they share your personal information. Federal law gives consumers the right to limit some but not all sharing. Federal law also requires us to tell you how we collect, share and protect your personal information. Please read this notice carefully to understand what we do.',
        `This notice is given jointly by ${PAYRAIL} ("Payrail"), which operates the Payrail website and app and arranges and services loans, and ${BANK} (the "Bank"), which makes the loans. In this notice, "we", "us" and "our" mean Payrail and the Bank.`,
      ],
    },
    {
      heading: 'What we collect',
      paragraphs: [
        'The types of personal information we collect and share depend on the product or service you have with us. This information can include your name, address, date of birth and Social Security number; your employer, income, pay schedule and pay stubs; your bank account and debit card information; your payment history and account balances; and your credit history and credit scores.',
        "We collect this information when you apply for a loan, upload a pay stub or choose to connect your payroll account, give us bank account or debit card details, make payments, or contact us. We also receive information from consumer reporting agencies, identity-verification and fraud-prevention services, your bank, and your employer's payroll office when you authorize it.",
        'When you are no longer our customer, we continue to share your information as described in this notice.',
      ],
    },
    {
      heading: 'How we share your information',
      paragraphs: [
        "All financial companies need to share customers' personal information to run their everyday business. Below are the reasons financial companies can share their customers' personal information, whether we share it for that reason, and whether you can limit that sharing.",
        'For our everyday business purposes, such as to process your transactions, maintain your account, respond to court orders and legal investigations, or report to credit bureaus: we share, and you cannot limit this sharing.',
        'For our marketing purposes, to offer our own products and services to you: we share, and you cannot limit this sharing.',
        'For joint marketing with other financial companies: we do not share.',
        "For our affiliates' everyday business purposes, information about your transactions and experiences: we share, and you cannot limit this sharing. Information about your creditworthiness: we share, and you can limit this sharing.",
        'For our affiliates to market to you, and for nonaffiliates to market to you: we do not share.',
        "If you repay through your employer's payroll, we share with your employer only what it needs to start, change and stop your payroll deduction, such as your name, employee identifier, deduction amount and schedule. We do not share your credit report or the details of your application with your employer.",
      ],
    },
    {
      heading: 'How to limit our sharing',
      paragraphs: [
        `To limit our sharing of information about your creditworthiness with our affiliates, call ${PHONE} or e-mail ${EMAIL} with the subject line "Limit sharing". Tell us your name, your mailing address and the last four digits of your loan number.`,
        'If you are a new customer, we can begin sharing your information 30 days from the date we sent this notice. When you are no longer our customer, we continue to share your information as described in this notice. However, you can contact us at any time to limit our sharing.',
        'Your choice applies to your loan and to any later loan you receive from us. It does not limit sharing that the law requires or allows without your consent.',
      ],
    },
    {
      heading: 'How we protect your information',
      paragraphs: [
        'To protect your personal information from unauthorized access and use, we use security measures that comply with federal law. These measures include computer safeguards, encryption of data in transit and at rest, and secured files and buildings.',
        'We limit access to your information to employees and service providers who need it to serve you, and we require our service providers by contract to protect it and to use it only for the services they perform for us.',
      ],
    },
    {
      heading: 'Definitions',
      paragraphs: [
        'Affiliates are companies related by common ownership or control. They can be financial and nonfinancial companies.',
        'Nonaffiliates are companies not related by common ownership or control. They can be financial and nonfinancial companies. We do not share with nonaffiliates so they can market to you.',
        'Joint marketing is a formal agreement between nonaffiliated financial companies that together market financial products or services to you. We do not jointly market.',
      ],
    },
    {
      heading: 'Other important information',
      paragraphs: [
        'The law of the state where you live may give you additional privacy rights, and we honor them. For example, if you live in California, we will not share information we collect about you with nonaffiliated companies except as California law permits, such as with your consent or to service your account.',
        'We may update this notice. If we change our practices in a way that gives you new choices, we will send you a revised notice before the change takes effect.',
      ],
    },
    contactSection('If you have questions about this notice or our privacy practices, or want to limit our sharing, contact us.'),
  ],
} as const satisfies AgreementDocument;

// ── E-SIGN consent ──────────────────────────────────────────────────────────
const CONSENT_ELECTRONIC_COMMUNICATIONS = {
  name: 'consent_eletronic_comunications',
  title: 'Consent to Receive Electronic Communications (E-SIGN Disclosure)',
  version: VERSION,
  state_abbreviation: null,
  sections: [
    {
      heading: 'What this consent covers',
      paragraphs: [
        `${PAYRAIL} ("Payrail") and ${BANK} (the "Bank") need your consent, under the federal Electronic Signatures in Global and National Commerce Act (the "E-SIGN Act"), to give you electronically the agreements, disclosures and notices that the law requires us to give you in writing ("Communications").`,
        'Communications include your loan application and the disclosures that come with it; your loan agreement and Truth in Lending disclosures; notices that we cannot approve your application; privacy notices; payment schedules, receipts and account statements; notices about changes to your loan; payment-authorization confirmations; and notices about late or missed payments.',
        'Your consent applies to your application and, if you receive a loan, to every Communication about that loan until it is paid in full and we have sent you any final notices, unless you withdraw your consent earlier.',
      ],
    },
    {
      heading: 'How we will deliver Communications',
      paragraphs: [
        'We will deliver Communications by posting them in the Documents area of your Payrail account or by e-mail to the address you give us. When we post a Communication in your account, we will send you an e-mail saying it is available.',
        'A Communication is treated as delivered when we send the e-mail or post it in your account, whether or not you open it. Please read Communications promptly and save or print a copy for your records.',
      ],
    },
    {
      heading: 'Getting paper copies',
      paragraphs: [
        `You may ask for a paper copy of any Communication at no charge by calling ${PHONE} or e-mailing ${EMAIL}. Tell us which Communication you want and the address where we should send it, and we will mail it within 10 business days.`,
        'Asking for a paper copy does not withdraw your consent to receive Communications electronically.',
      ],
    },
    {
      heading: 'Withdrawing your consent',
      paragraphs: [
        'You may withdraw your consent at any time, free of charge, by calling, e-mailing or writing to us. Your withdrawal takes effect after we have had a reasonable time to process it, normally within 3 business days.',
        'Payrail offers loans only through an electronic application. If you withdraw your consent before your loan is made, we will not be able to complete your application. If you withdraw it after your loan is made, we will send future Communications to you on paper by U.S. mail, and the terms of your loan will not change.',
        'Withdrawing your consent does not affect the legal validity or enforceability of Communications we provided electronically before the withdrawal took effect.',
      ],
    },
    {
      heading: 'Hardware and software you need',
      paragraphs: [
        "To access and keep Communications you need: a computer, tablet or smartphone running a currently supported operating system; one of the two most recent major versions of Chrome, Edge, Firefox or Safari, with JavaScript and cookies enabled; software that opens PDF files, such as your device's built-in viewer; a working e-mail address; an internet connection; and either enough storage space to save Communications or a printer.",
        'If we change these requirements in a way that creates a material risk that you will not be able to access or keep Communications, we will tell you before the change takes effect, and you may withdraw your consent without any fee.',
        'By giving your consent, you confirm that you can open and read this disclosure electronically, which shows that you can access Communications in the form we will use, and that you are able to save or print it.',
      ],
    },
    {
      heading: 'Keeping your contact information current',
      paragraphs: [
        'You agree to keep your e-mail address and mobile number current. You can update them at any time on the Profile page of your Payrail account or by contacting us.',
        'If an e-mail we send is returned as undeliverable, we may send Communications by U.S. mail to the most recent address we have for you until you give us a working e-mail address.',
      ],
    },
    contactSection('To ask for a paper copy, withdraw your consent or update your e-mail address, contact us.'),
  ],
} as const satisfies AgreementDocument;

// ── Text messaging consent ──────────────────────────────────────────────────
const CONSENT_TEXT_MESSAGING = {
  name: 'consent_text_messaging',
  title: 'Consent to Receive Text Messages',
  version: VERSION,
  state_abbreviation: null,
  sections: [
    {
      heading: 'What you are agreeing to',
      paragraphs: [
        `By giving us your mobile number and checking the box, you agree that ${PAYRAIL} ("Payrail"), on its own behalf and on behalf of ${BANK}, and the service providers that send messages for us, may send text messages about your application and loan to that number, including messages sent with automated technology.`,
        'This consent also covers any other mobile number you later give us for your account. You confirm that you are the subscriber or the customary user of the number.',
      ],
    },
    {
      heading: 'Messages we send',
      paragraphs: [
        'We send account messages only: the status of your application; one-time verification codes; requests for documents; confirmation that your loan has been funded; payment reminders and receipts; notices of a failed or returned payment; updates on your payroll deduction; and security alerts about your account.',
        'We will not send you marketing text messages unless you separately agree to receive them.',
      ],
    },
    {
      heading: 'How often, and what it costs',
      paragraphs: [
        'Message frequency varies with your account activity. Most borrowers receive between two and six messages a month, and more while an application is in progress.',
        'Payrail does not charge for text messages, but message and data rates from your wireless carrier may apply. Carriers are not liable for delayed or undelivered messages.',
      ],
    },
    {
      heading: 'STOP and HELP',
      paragraphs: [
        'Reply STOP to any message to stop receiving text messages from us. We will send one final message to confirm, and after that we will not text you again unless you reply START or turn text messages back on in your account settings.',
        `Reply HELP to any message for help, or contact us at ${PHONE} or ${EMAIL}.`,
        'Stopping text messages does not stop e-mail or in-account notices we must send about your loan. If you use text messages to receive verification codes, you will need to choose another verification method.',
      ],
    },
    {
      heading: 'Not a condition of credit',
      paragraphs: [
        'You do not have to agree to receive text messages to apply for, obtain or repay a loan. If you do not agree, we will contact you by e-mail and through your Payrail account instead.',
      ],
    },
    {
      heading: 'Protecting your information',
      paragraphs: [
        'Text messages are not encrypted. We will never include your full account number, Social Security number or password in a text message, and we will never ask you to reply with them.',
        'If you change or give up your mobile number, tell us promptly so that messages about your loan are not sent to someone else.',
      ],
    },
    contactSection(),
  ],
} as const satisfies AgreementDocument;

// ── ACH auto-debit authorization ────────────────────────────────────────────
const AUTO_DEBIT_DISCLOSURE = {
  name: 'auto_debit_disclosure',
  title: 'Automatic Payment (ACH Debit) Authorization',
  version: VERSION,
  state_abbreviation: null,
  sections: [
    {
      heading: 'Your authorization',
      paragraphs: [
        `You authorize ${PAYRAIL} ("Payrail"), as servicer for ${BANK} (the "Bank"), and their successors and assigns, to initiate recurring electronic debit entries (ACH debits) to the checking or savings account you identified in your application (the "Account") to pay the scheduled installments on your loan.`,
        'You also authorize us to initiate a credit entry to the Account to correct any debit made in error. You confirm that you are an owner of the Account and have the authority to authorize debits to it.',
      ],
    },
    {
      heading: 'Amounts and dates',
      paragraphs: [
        'Each debit will be for the scheduled payment amount shown in the payment schedule of your loan agreement and will be made on its due date. If a due date falls on a weekend or bank holiday, the debit will be made on the next business day.',
        'If the amount of a scheduled debit changes, for example because you made a partial prepayment or your loan was modified, we will tell you the new amount and date at least 10 days before the debit.',
        'We will not debit any other amount, such as a one-time payment or a fee, unless you authorize it separately.',
      ],
    },
    {
      heading: 'Changing or revoking this authorization',
      paragraphs: [
        'This authorization stays in effect until your loan is paid in full or until you revoke it. To revoke it, change the Account, or move a payment date, contact us at least 3 business days before the scheduled debit date so that we have a reasonable opportunity to act on your request.',
        'You may also stop a single debit by telling your bank at least 3 business days before the debit date.',
        'Revoking this authorization does not cancel your loan or reduce what you owe. You must make each payment by another method we accept, such as a debit card payment or payroll repayment, by its due date.',
      ],
    },
    {
      heading: 'Returned payments',
      paragraphs: [
        'If a debit is returned unpaid, for example because of insufficient funds, we will tell you, and we may present the same debit again up to two more times as the NACHA Operating Rules allow.',
        'If two debits in a row are returned for insufficient funds, we will not attempt another automatic debit until you give us a new authorization, and we will contact you to arrange payment.',
        'A returned-payment fee applies only if your loan agreement provides for one and the law of your state allows it. Your bank may charge its own fee for a returned debit.',
      ],
    },
    {
      heading: 'NACHA rules and your rights',
      paragraphs: [
        'Debits to your Account will comply with the NACHA Operating Rules and U.S. law, including the Electronic Fund Transfer Act and Regulation E.',
        'If you believe a debit was made in error or was for the wrong amount, contact us right away. You may also have the right to dispute the debit with your bank under your account agreement, usually within 60 days after your bank sends the statement that shows it.',
        'Please print or save a copy of this authorization for your records.',
      ],
    },
    contactSection('To change or revoke your automatic payments, contact us at least 3 business days before the next debit.'),
  ],
} as const satisfies AgreementDocument;

// ── Terms of use ────────────────────────────────────────────────────────────
const TERMS_OF_USE = {
  name: 'terms_of_use',
  title: 'Terms of Use',
  version: VERSION,
  state_abbreviation: null,
  sections: [
    {
      heading: 'Agreement to these terms',
      paragraphs: [
        `These Terms of Use govern your use of the Payrail website, mobile app and borrower portal (the "Services"), operated by ${PAYRAIL} ("Payrail", "we" or "us"). By creating an account or using the Services, you agree to these terms. If you do not agree, please do not use the Services.`,
        'If you receive a loan, your loan agreement governs the loan. If these terms conflict with your loan agreement, your loan agreement controls.',
      ],
    },
    {
      heading: 'Who we are',
      paragraphs: [
        `Payrail is a financial technology company, not a bank. Loans offered through the Services are made by ${BANK} (the "Bank"). Payrail provides the application platform and services loans on the Bank's behalf.`,
        "Loans are available only to residents of the states we serve, and every application is subject to the Bank's credit and eligibility requirements.",
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'You must be at least 18 years old (or the age of majority where you live) and a U.S. resident to use the Services. You may open only one account, and only for yourself.',
        'Keep your password and verification codes private. You are responsible for activity in your account. Tell us right away if you suspect someone else has used it.',
      ],
    },
    {
      heading: 'Using the Services responsibly',
      paragraphs: [
        'You agree to give us true, current and complete information, and to upload only documents that are genuine and that you have the right to share.',
        "You agree not to use the Services for any unlawful purpose; not to access another person's account; not to copy, scrape or harvest data from the Services by automated means; not to probe, disrupt or overload our systems; and not to reverse engineer the Services except where the law expressly allows it.",
        "If you choose to connect your payroll account or bank account through a third-party service, that service's own terms and privacy policy also apply. We are not responsible for third-party websites linked from the Services.",
      ],
    },
    {
      heading: 'Our content and your feedback',
      paragraphs: [
        'The Services, including their text, graphics, logos and software, belong to Payrail or its licensors and are protected by law. We grant you a limited, personal, revocable license to use the Services for managing your own application and loan.',
        'If you send us suggestions, we may use them without any obligation to you.',
      ],
    },
    {
      heading: 'Disclaimers and limits on liability',
      paragraphs: [
        'We work to keep the Services available and accurate, but we provide them "as is" and "as available". To the extent the law allows, we disclaim implied warranties, including warranties of merchantability and fitness for a particular purpose.',
        'To the extent the law allows, Payrail is not liable for indirect, incidental or consequential damages arising from your use of the Services. Nothing in these terms limits any right you have under consumer protection law that cannot be waived.',
      ],
    },
    {
      heading: 'Changes, suspension and governing law',
      paragraphs: [
        'We may change these terms. We will post the new version with its effective date and, if a change is material, tell you by e-mail or in your account before it takes effect. If you keep using the Services after that, the new terms apply.',
        'We may suspend or close access to the Services if we reasonably believe an account is being used fraudulently or in violation of these terms. Closing your access does not change what you owe on a loan.',
        'These terms are governed by federal law and, where state law applies, the law of the State of Delaware. Disputes about a loan are resolved as described in your loan agreement.',
      ],
    },
    contactSection(),
  ],
} as const satisfies AgreementDocument;

// ── Promissory note (general loan terms) ────────────────────────────────────
const PROMISSORY_NOTE_TERMS = {
  name: 'promissory_note_terms',
  title: 'Installment Loan Agreement and Promissory Note — General Terms',
  version: NOTE_VERSION,
  state_abbreviation: null,
  sections: [
    {
      heading: 'Parties and key terms',
      paragraphs: [
        `In this agreement, "you" and "your" mean the borrower who signs it. "Lender", "we", "us" and "our" mean ${BANK} and its successors and assigns. ${PAYRAIL} ("Payrail") services this loan for the Lender.`,
        'The amount financed, annual percentage rate, finance charge, total of payments and payment schedule appear in the Truth in Lending disclosure and the Loan Details shown above your signature. Those disclosures are part of this agreement.',
      ],
    },
    {
      heading: 'Promise to pay',
      paragraphs: [
        'For value received, you promise to pay to the order of the Lender the principal amount shown in the Loan Details, plus interest on the unpaid principal balance at the fixed rate shown, in the installments and on the dates shown in the payment schedule, until you have paid everything you owe under this agreement.',
        'You will pay by the method you chose in your application (payroll allotment, split direct deposit, automatic ACH debit or debit card) or by any other method we accept. We apply each payment to the installments already due, oldest first, and within each to fees, then interest, then principal; then to fees and interest earned on the installment in progress; anything more reduces your principal, unless the law requires a different order. Money paid beyond what closes the loan is refunded to you.',
      ],
    },
    {
      heading: 'Interest',
      paragraphs: [
        'Interest is simple interest, charged per payment period and never compounded. Each installment covers the period from the previous due date (for the first installment, the date the loan is disbursed) to its own due date. The interest of a period is the principal not yet due at the start of the period multiplied by the periodic rate (the annual rate shown in the Loan Details divided by the number of payment periods in a year: 52 weekly, 26 bi-weekly, 24 semi-monthly, 12 monthly), rounded to the nearest cent. That is how the payment schedule and the finance charge shown in the Truth in Lending disclosure are computed: if you pay every installment in full on its due date, you pay exactly the total of payments disclosed.',
        "Within a period, interest is earned day by day in equal parts: on any day, the interest earned on the installment in progress is the interest of the period multiplied by the days elapsed since the period began and divided by the days in the period, rounded to the nearest cent. A payment made early lowers the principal on which the next periods' interest is computed, so it reduces the interest you pay. A late or partial payment leaves the unpaid part of the installment past due; past-due principal does not bear further interest, and no interest is charged after the last scheduled due date. Late fees, if any, are only those stated in the Loan Details.",
      ],
    },
    {
      heading: 'Paying early',
      paragraphs: [
        'You may prepay all or part of your loan at any time without penalty. If you pay in full on any date, you owe only the unpaid principal, any unpaid interest and fees of installments already due, and the interest earned up to that day on the installment in progress as described above; interest not yet earned is never charged.',
        'A payment larger than what is due reduces your principal and the interest you will pay: your installment amount stays the same and the loan ends sooner. It does not excuse or postpone your next scheduled installment unless we agree in writing.',
      ],
    },
    {
      heading: 'Payroll repayment',
      paragraphs: [
        'If you chose payroll allotment or split direct deposit, you agree to keep it in place until your loan is paid in full. If a deduction stops or is less than your installment for any reason, such as a change of employer, unpaid leave or insufficient net pay, you remain responsible for the full installment and must pay the difference by another method by its due date.',
        'Please tell us within 5 days if you change employers or your pay schedule changes, so that we can help you keep your payments on track.',
      ],
    },
    {
      heading: 'Late payments and credit reporting',
      paragraphs: [
        'If we do not receive an installment in full within 15 days after its due date, we may charge the late fee shown in the Loan Details, but only where the law allows and no more than once for each installment.',
        'We may report information about your account to credit bureaus. Late payments, missed payments, or other defaults on your account may be reflected in your credit report.',
      ],
    },
    {
      heading: 'Default',
      paragraphs: [
        'You are in default if you do not pay an installment in full within 30 days after its due date, if you gave us false or misleading information in your application, or if you become the subject of a bankruptcy proceeding, in each case as far as the law allows us to treat that event as a default.',
        "If you are in default, and after giving you any notice and opportunity to cure that the law requires, we may require you to pay the entire unpaid principal and accrued interest at once and use any other remedy the law allows. We will not charge collection costs or attorneys' fees unless the law allows them.",
        'If we delay or do not enforce any of our rights, we do not give them up.',
      ],
    },
    {
      heading: 'Arbitration notice',
      paragraphs: [
        'IMPORTANT: This agreement includes an Arbitration Provision. Unless you reject it, you and we will resolve any dispute about your loan by binding individual arbitration instead of in court, and neither of us may bring or take part in a class action. You may still bring an individual claim in small-claims court.',
        `You may reject the Arbitration Provision by sending us a written notice, signed by you, within 30 days after you sign this agreement, to ${PAYRAIL}, Attn: Arbitration Rejection, ${ADDRESS}, or by e-mail to ${EMAIL}. Rejecting it will not affect any other term of this agreement.`,
        'If you are a covered borrower under the federal Military Lending Act, the Arbitration Provision does not apply to you.',
      ],
    },
    {
      heading: 'Governing law and other terms',
      paragraphs: [
        'This agreement is governed by federal law and, to the extent not preempted by federal law, the law of the State of Delaware, where the Lender extends credit.',
        'We may sell or transfer this loan or the right to service it without your consent; you may not transfer your obligations. If any part of this agreement is found unenforceable, the rest remains in effect. This agreement can be changed only in a writing signed or electronically accepted by you and us.',
        'NOTICE TO BORROWER: Do not sign this agreement before you read it. You are entitled to a completely filled-in copy of this agreement.',
      ],
    },
    {
      heading: 'Electronic signature and records',
      paragraphs: [
        'You agree that by selecting "Sign" you adopt an electronic signature that has the same effect as your handwritten signature, as permitted by the federal E-SIGN Act and applicable state law, and that this agreement is a transferable record held electronically by the Lender.',
        'The signed agreement is available to download from the Documents area of your Payrail account at any time, and you may request a paper copy at no charge.',
      ],
    },
    contactSection('For a payoff amount, a copy of your agreement or help with a payment, contact us.'),
  ],
} as const satisfies AgreementDocument;

// ── Partner payroll deduction authorization ─────────────────────────────────
const PARTNER_PAYROLL_AUTHORIZATION = {
  name: 'partner_payroll_authorization',
  title: 'Payroll Deduction Authorization and Instructions to Employer',
  version: VERSION,
  state_abbreviation: null,
  sections: [
    {
      heading: 'Your authorization',
      paragraphs: [
        `You authorize your employer (the "Employer"), which has an agreement with ${PAYRAIL} ("Payrail") to offer payroll repayment to its employees, to deduct from each of your regular paychecks the installment amount due for that pay period on your loan from ${BANK} (the "Bank"), and to send that amount to Payrail, as the Bank's servicer, for credit to your loan.`,
        'The deduction will appear on your pay stub as "Payrail loan payment" and will continue each pay period until your loan is paid in full or you revoke this authorization.',
      ],
    },
    {
      heading: 'Instructions to the Employer',
      paragraphs: [
        'The Employer is instructed to: begin the deduction with the first pay date that falls after its payroll cut-off following receipt of this authorization from Payrail; deduct each pay period the amount Payrail reports, which will never be more than the scheduled installment for that period; remit the amounts deducted to Payrail within 2 business days after each pay date; and tell Payrail promptly if your employment ends, you go on unpaid leave, or your net pay is not enough to cover the deduction.',
        'The Employer will stop the deduction when Payrail reports that your loan is paid in full, when you revoke this authorization, or when your employment ends.',
      ],
    },
    {
      heading: 'Limits on the deduction',
      paragraphs: [
        'The deduction will not include late fees or any amount other than your scheduled installment. The Employer will not make a deduction that would reduce your pay below the amount federal or state wage law protects.',
        'If a deduction is missed or is less than your installment, you remain responsible for the difference and must pay it by another method by its due date. We will tell you if that happens.',
      ],
    },
    {
      heading: 'Voluntary and revocable',
      paragraphs: [
        'This authorization is voluntary. Repaying through payroll is not a condition of your employment, and the Employer will not treat you differently because you do or do not use it.',
        "You may revoke this authorization at any time by telling Payrail by phone, e-mail or in your account. Revocation takes effect for pay dates at least 3 business days after Payrail receives it, or later if the Employer's payroll cut-off requires. Revoking does not change what you owe; you will need to choose another payment method.",
      ],
    },
    {
      heading: 'What the Employer sees',
      paragraphs: [
        'The Employer receives only the information needed to manage the deduction: your name, employee identifier, deduction amount, start and end dates, and the status of the deduction. The Employer does not receive your credit report, your application or the other terms of your loan.',
        'The Employer is not the lender, does not guarantee your loan and is not responsible for it. Please bring questions about your loan to Payrail rather than to your payroll office.',
      ],
    },
    {
      heading: 'Overpayments',
      paragraphs: [
        'If a deduction is made after your loan is paid in full, or more is deducted than you owe, Payrail will refund the excess to your bank account on file within 10 business days after receiving it.',
      ],
    },
    contactSection('To revoke this authorization or ask about a deduction, contact us.'),
  ],
} as const satisfies AgreementDocument;

// ── Credit report authorization ─────────────────────────────────────────────
const CREDIT_PULL_AUTHORIZATION = {
  name: 'credit_pull_authorization',
  title: 'Authorization to Obtain Consumer Reports',
  version: VERSION,
  state_abbreviation: null,
  sections: [
    {
      heading: 'Your authorization',
      paragraphs: [
        `You are giving written instructions under the federal Fair Credit Reporting Act authorizing ${PAYRAIL} ("Payrail") and ${BANK} (the "Bank") to obtain your consumer reports and related information from one or more consumer reporting agencies, such as Experian, Equifax, TransUnion or specialty agencies that verify identity and prevent fraud.`,
        'We use this information to verify your identity, decide whether you qualify for a loan and on what terms, and protect you and us against fraud.',
      ],
    },
    {
      heading: 'Soft and hard inquiries',
      paragraphs: [
        'To show you whether you prequalify and what terms you may be offered, we first make a soft inquiry. A soft inquiry does not affect your credit score and is visible only to you on your credit report.',
        'If you accept an offer and submit your full application, we may make a hard inquiry. A hard inquiry is visible to other lenders and may affect your credit score.',
      ],
    },
    {
      heading: 'While you have a loan',
      paragraphs: [
        'If you receive a loan, you also authorize us to obtain consumer reports about you to review and service your account, to collect amounts you owe, and to consider you for other products, for as long as you have a loan with us and as the law otherwise allows.',
        'We report information about your loan to one or more credit bureaus. Paying on time can help your credit history; late payments, missed payments, or other defaults on your account may be reflected in your credit report.',
      ],
    },
    {
      heading: 'If we cannot approve your application',
      paragraphs: [
        'If we deny your application or offer you less favorable terms based in whole or in part on information in a consumer report, we will send you a notice that names the consumer reporting agency that supplied the report. That agency did not make the decision and cannot explain why it was made.',
        'You have the right to a free copy of your report from that agency if you ask for it within 60 days, and the right to dispute the accuracy or completeness of any information in it with the agency.',
      ],
    },
    contactSection(),
  ],
} as const satisfies AgreementDocument;

// ── Debit card authorization ────────────────────────────────────────────────
const DEBIT_CARD_AUTHORIZATION = {
  name: 'debit_card_authorization',
  title: 'Debit Card Payment Authorization',
  version: VERSION,
  state_abbreviation: null,
  sections: [
    {
      heading: 'Your authorization',
      paragraphs: [
        `You authorize ${PAYRAIL} ("Payrail"), as servicer for ${BANK}, to charge the debit card you provided (the "Card") for payments on your loan, in the amounts and on the dates you choose below or in your account.`,
        'You confirm that you are the cardholder, or that the cardholder has authorized you to use the Card for these payments.',
      ],
    },
    {
      heading: 'One-time and recurring payments',
      paragraphs: [
        'For a one-time payment, we will charge the Card once, for the amount and on the date shown when you confirm the payment.',
        'If you choose recurring payments, we will charge the Card for your scheduled installment on each due date until your loan is paid in full or you cancel. If the amount of a recurring charge changes, we will tell you the new amount at least 10 days before we charge it.',
      ],
    },
    {
      heading: 'Cards we accept and fees',
      paragraphs: [
        'We accept Visa and Mastercard debit cards issued by a U.S. bank in your name. We cannot accept credit cards or most prepaid cards.',
        'Payrail does not charge a fee to pay by debit card. Your card issuer may limit the amount you can pay in one day.',
      ],
    },
    {
      heading: 'Declined charges',
      paragraphs: [
        'If a charge is declined, we will tell you by e-mail and may try the charge once more within 5 days. A payment is made only when the charge is approved, and you remain responsible for paying the installment by its due date.',
      ],
    },
    {
      heading: 'Changing or cancelling',
      paragraphs: [
        'You may change the Card or cancel recurring payments in your account or by contacting us at least 3 business days before the next scheduled charge. Cancelling does not change what you owe.',
        "If your card issuer supplies updated card details, such as a new expiration date, through the card network's updater service, we may use them so that your recurring payments continue.",
      ],
    },
    {
      heading: 'Receipts and disputes',
      paragraphs: [
        'We will e-mail you a receipt for each charge and show it in your payment history. If you believe a charge is wrong, contact us first so that we can correct it quickly; you may also have rights to dispute the charge with your card issuer.',
      ],
    },
    contactSection(),
  ],
} as const satisfies AgreementDocument;

// ── State eligibility consents ──────────────────────────────────────────────

/** Additional state notices printed in that state's eligibility consent. */
const STATE_NOTICES: Readonly<Partial<Record<string, readonly string[]>>> = {
  CA: ['California residents: Applicants, if married, may apply for a separate account.'],
  OH: [
    'Ohio residents: The Ohio laws against discrimination require that all creditors make credit equally available to all creditworthy customers, and that credit reporting agencies maintain separate credit histories on each individual upon request. The Ohio civil rights commission administers compliance with this law.',
  ],
};

/** The consent for loan eligibility for residents of one state. */
export function eligibilityConsent(state: State): AgreementDocument {
  const name = state.name;
  return {
    name: 'consent_for_loan_eligibility',
    title: `Consent for Loan Eligibility — ${name}`,
    version: VERSION,
    state_abbreviation: state.abbreviation,
    sections: [
      {
        heading: 'What you are consenting to',
        paragraphs: [
          `By checking the box, you ask ${PAYRAIL} ("Payrail") to determine whether you are eligible for an installment loan from ${BANK} (the "Bank"), and you consent to the checks described below and to receiving the disclosures that ${name} law requires.`,
          'Being found eligible is not an approval. Your loan is approved only when the Bank accepts your completed application and you sign your loan agreement.',
        ],
      },
      {
        heading: 'The checks we perform',
        paragraphs: [
          'Identity: we compare your name, date of birth, Social Security number and address with public and private records, and screen them against government sanctions lists.',
          `Residence: we confirm that you live in ${name}, because the terms and disclosures for your loan depend on your state of residence.`,
          'Employment and income: we confirm your employer, pay schedule and net pay from the pay stub you upload or, if you choose, from a secure connection to your payroll account.',
          'Military status: we check the Department of Defense database to determine whether you are covered by the Military Lending Act, so that we can give you its protections if they apply.',
          'Credit: we obtain your consumer report as described in the separate Authorization to Obtain Consumer Reports.',
        ],
      },
      {
        heading: 'The information you give us',
        paragraphs: [
          'You confirm that the information you give us is true and complete, and you agree to tell us promptly if it changes before your loan is made. We rely on it to decide your eligibility.',
          'Knowingly giving false information on a loan application may violate federal and state law.',
        ],
      },
      {
        heading: `Notice to ${name} residents`,
        paragraphs: [
          `${PAYRAIL} arranges loans made by ${BANK} to residents of ${name}. The Bank, a national bank supervised by the Office of the Comptroller of the Currency, is the lender; Payrail provides the application platform and services your loan on the Bank's behalf, and holds any license or registration that ${name} requires of a company that arranges or services consumer loans for its residents.`,
          `You consent to receive electronically, before you sign your loan agreement, the disclosures that ${name} law requires for your loan together with your federal Truth in Lending disclosures. These disclosures become part of your loan agreement, and you can save or print them at any time.`,
          `If you have a complaint, please contact us first so that we can try to resolve it. You may also contact the ${name} agency that supervises consumer lending, the Office of the Comptroller of the Currency at www.helpwithmybank.gov, or the Consumer Financial Protection Bureau at www.consumerfinance.gov.`,
          ...(STATE_NOTICES[state.abbreviation] ?? []),
        ],
      },
      {
        heading: 'Equal credit opportunity',
        paragraphs: [
          "The federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants on the basis of race, color, religion, national origin, sex, marital status, or age (provided the applicant has the capacity to enter into a binding contract); because all or part of the applicant's income derives from any public assistance program; or because the applicant has in good faith exercised any right under the Consumer Credit Protection Act. The federal agency that administers compliance with this law concerning this creditor is the Office of the Comptroller of the Currency, Customer Assistance Group (www.helpwithmybank.gov).",
        ],
      },
      {
        heading: 'If you are not eligible',
        paragraphs: [
          'If we cannot offer you a loan, we will tell you, and within 30 days we will send you a notice explaining the main reasons or how to request them. You may apply again later if your circumstances change.',
        ],
      },
      contactSection(),
    ],
  };
}

const ELIGIBILITY_CONSENTS: readonly AgreementDocument[] = STATES.filter((state) => state.is_available).map(eligibilityConsent);

/** Every agreement document: the nine general documents, then one eligibility consent per available state. */
export const AGREEMENT_DOCUMENTS = [
  PRIVACY_NOTICE,
  CONSENT_ELECTRONIC_COMMUNICATIONS,
  CONSENT_TEXT_MESSAGING,
  AUTO_DEBIT_DISCLOSURE,
  TERMS_OF_USE,
  PROMISSORY_NOTE_TERMS,
  PARTNER_PAYROLL_AUTHORIZATION,
  CREDIT_PULL_AUTHORIZATION,
  DEBIT_CARD_AUTHORIZATION,
  ...ELIGIBILITY_CONSENTS,
] as const satisfies readonly AgreementDocument[];
