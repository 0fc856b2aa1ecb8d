import { createHash, randomBytes } from 'node:crypto';
import { nextBusinessDay } from '@payrail/domain/calendar';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import { quoteLoan } from '@payrail/domain/loan/disclosure';
import { cents, prorate } from '@payrail/domain/money';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { hashPassword } from '../lib/passwords';
import { SSN_AAD } from '../modules/application/field-rules';
import { sealAccountNumber } from '../modules/banking/bank-accounts';
import { loanFigures } from '../modules/esignature/loan-figures';
import { renderPromissoryNote } from '../modules/esignature/promissory-note-pdf';
import { fundApplication } from '../modules/loan-book/use-cases/fund-application';
import type { Db } from './client';
import {
  agreementDocuments,
  applicationMembers,
  applications,
  bankAccounts,
  borrowerProfiles,
  employers,
  esignatures,
  loanBorrowers,
  staffUsers,
  states,
  workflowTransitions,
} from './schema/index';
import { DEMO_STAFF_PASSWORD } from './seed';

/** The demo partner employer of the employer portal (issue #31): its HR administrator signs in at /employer/. */
export const DEMO_PARTNER_EMPLOYER = {
  slug: 'acme-logistics',
  name: 'Acme Logistics',
  employerType: 'private',
  partnership: 'b2b_partner',
  paymentType: 'allotment',
  payFrequency: 'biweekly',
  payStubHelp: 'Sign in to the Acme Logistics HR portal, open "Pay statements" and download your most recent one as a PDF.',
} as const;

/** Acme Logistics' enrolled borrowers: each has a funded loan repaid by payroll deduction (sign in with DEMO_STAFF_PASSWORD). */
export const DEMO_PARTNER_BORROWERS = [
  { email: 'acme.maria@payrail.test', firstName: 'Maria', lastName: 'Gonzalez', employeeId: 'AL-10482', amountCents: 150_000, ssn: '401-33-2001' },
  { email: 'acme.james@payrail.test', firstName: 'James', lastName: "O'Connor", employeeId: 'AL-10517', amountCents: 100_000, ssn: '401-33-2002' },
  { email: 'acme.priya@payrail.test', firstName: 'Priya', lastName: 'Shah', employeeId: 'AL-10623', amountCents: 250_000, ssn: '401-33-2003' },
] as const;

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 32" role="img" aria-label="Acme Logistics"><rect width="120" height="32" rx="4" fill="#1d4ed8"/><text x="60" y="21" font-family="sans-serif" font-size="13" font-weight="700" fill="#fff" text-anchor="middle">ACME LOGISTICS</text></svg>';

/** The demo partner employer's row (created once; an existing one is left as it is). */
export async function ensureDemoPartnerEmployer(db: Db) {
  await db
    .insert(employers)
    .values({ ...DEMO_PARTNER_EMPLOYER, logoSvg: LOGO })
    .onConflictDoNothing({ target: employers.slug });
  const [row] = await db.select().from(employers).where(eq(employers.slug, DEMO_PARTNER_EMPLOYER.slug)).limit(1);
  return row!;
}

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Seeds the employer portal's demo (npm start, SEED_DEMO): Acme Logistics and three enrolled borrowers,
 * each approved with a signed promissory note (biweekly, repaid by payroll deduction) and then FUNDED by the
 * loan book's own use case (fundApplication, as the servicer's Fund button does). Idempotent: a borrower
 * whose account exists is skipped, and funding is keyed per borrower.
 */
export async function seedDemoEmployer(ctx: AppContext): Promise<void> {
  const db = ctx.database.db;
  const employer = await ensureDemoPartnerEmployer(db);
  const [state] = await db.select().from(states).where(eq(states.isAvailable, true)).orderBy(states.id).limit(1);
  const [servicer] = await db.select().from(staffUsers).where(eq(staffUsers.role, 'servicer')).limit(1);
  const [note] = await db
    .select()
    .from(agreementDocuments)
    .where(and(eq(agreementDocuments.name, 'promissory_note_terms'), isNull(agreementDocuments.stateAbbreviation)))
    .orderBy(desc(agreementDocuments.version))
    .limit(1);
  if (!state || !servicer || !note) return;
  const staff = { id: servicer.id, email: servicer.email, name: servicer.name, role: servicer.role };
  const box = await ctx.cryptoBox();
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  const now = ctx.now();
  const day = 86_400_000;
  const today = parseIsoDate(now.toISOString().slice(0, 10));
  const disbursementDate = nextBusinessDay(today);

  for (const [i, b] of DEMO_PARTNER_BORROWERS.entries()) {
    const key = `demo-employer-fund-${b.email}`;
    const [exists] = await db.select({ id: applicationMembers.id }).from(applicationMembers).where(eq(applicationMembers.email, b.email)).limit(1);
    if (exists) {
      // Seeded before: funding is keyed, so a run stopped between the rows and the funding finishes it (a funded one answers as is).
      await fundApplication(ctx, staff, exists.id, key).catch(() => undefined);
      continue;
    }
    const createdAt = new Date(now.getTime() - 10 * day);
    const decidedAt = new Date(now.getTime() - day);
    const signedAt = new Date(decidedAt.getTime() - 3_600_000);
    // Every borrower of the payroll is paid on the same Fridays: the first payment two weeks after funding.
    const terms = {
      amountCents: cents(b.amountCents),
      originationFeeCents: prorate(b.amountCents, 3, 100),
      feeFinanced: false,
      annualRatePercent: '19.99',
      frequency: 'biweekly' as const,
      numberOfPayments: 26,
      disbursementDate,
      firstPaymentDate: addDays(disbursementDate, 14),
    };
    const { schedule, disclosure } = quoteLoan(terms);
    const signatureName = `${b.firstName} ${b.lastName}`;
    const { figures } = loanFigures({ terms, feeLabel: 'origination fee', source: 'application' });
    const notePdf = Buffer.from(
      await renderPromissoryNote({
        borrowerName: signatureName,
        figures,
        schedule: schedule.rows,
        terms: note,
        at: signedAt,
        signature: { name: signatureName, signedAt, ip: null },
      }),
    );
    const id = randomBytes(16).toString('hex');
    const noteKey = `esign/${id.slice(0, 2)}/${id}`;
    await ctx.providers.storage.put(noteKey, box.sealBytes(notePdf, noteKey), 'application/octet-stream');

    const userId = await db.transaction(async (tx) => {
      const [member] = await tx
        .insert(applicationMembers)
        .values({ email: b.email, passwordHash, confirmedAt: createdAt, workflowStatus: 'approved', createdAt, updatedAt: decidedAt })
        .onConflictDoNothing({ target: applicationMembers.email })
        .returning();
      if (!member) return null;
      await tx.insert(loanBorrowers).values({
        userId: member.id,
        firstName: b.firstName,
        lastName: b.lastName,
        employerId: employer.id,
        stateId: state.id,
        referCode: `ACME${i}${randomBytes(3).toString('hex').toUpperCase()}`,
        phone: `+1555020${String(1000 + i).slice(1)}`,
        phoneConfirmedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      });
      await tx.insert(borrowerProfiles).values({
        userId: member.id,
        dateOfBirth: parseIsoDate(`198${i + 2}-0${i + 3}-1${i}`),
        address: `${200 + i} Harbor Way`,
        zipCode: '20001',
        city: 'Springfield',
        ssnSealed: box.seal(b.ssn.replace(/\D/g, ''), SSN_AAD),
        ssnIndex: box.hmacIndex(b.ssn.replace(/\D/g, '')),
        annualIncomeCents: cents(5_600_000 + i * 400_000),
        annualHouseholdIncomeCents: cents(7_500_000),
        housingType: 'rent',
        housingPaymentCents: cents(150_000),
        loanPurposeId: 1,
        workingTimeRange: '3_5',
        militaryActive: false,
        incomeSource: 'Employed',
        employeeId: b.employeeId,
        createdAt,
        updatedAt: createdAt,
      });
      await tx.insert(applications).values({
        userId: member.id,
        paymentMethod: 'split_direct_deposit',
        amountCents: cents(b.amountCents),
        termFrequency: 'biweekly',
        termsInMonths: 12,
        numberOfPayments: schedule.rows.length,
        interestRate: terms.annualRatePercent,
        aprPercent: disclosure.aprPercent,
        feeAmountCents: terms.originationFeeCents,
        feeLabel: 'Origination fee',
        feeFinanced: false,
        paymentPerTermCents: schedule.regularPaymentCents,
        finalPaymentCents: schedule.finalPaymentCents,
        totalOfPaymentsCents: disclosure.totalOfPaymentsCents,
        financeChargeCents: disclosure.financeChargeCents,
        amountFinancedCents: disclosure.amountFinancedCents,
        disbursementDate: terms.disbursementDate,
        firstPaymentDate: terms.firstPaymentDate,
        termsConsentAt: createdAt,
        submittedAt: createdAt,
        outcome: 'approved',
        decidedAt,
        createdAt,
        updatedAt: decidedAt,
      });
      await tx.insert(workflowTransitions).values([
        { userId: member.id, fromStatus: null, toStatus: 'email_confirmation', event: 'sign_up', actor: 'borrower', at: createdAt },
        {
          userId: member.id,
          fromStatus: 'email_confirmation',
          toStatus: 'about_yourself',
          event: 'confirm_email',
          actor: 'system',
          at: new Date(createdAt.getTime() + 60_000),
        },
        { userId: member.id, fromStatus: 'about_yourself', toStatus: 'application_submitted', event: 'demo_seed', actor: 'system', at: signedAt },
        { userId: member.id, fromStatus: 'application_submitted', toStatus: 'approved', event: 'demo_seed', actor: 'system', at: decidedAt },
      ]);
      await tx.insert(bankAccounts).values({
        userId: member.id,
        usage: 'receiver',
        source: 'manual',
        accountType: 'checking',
        routingNumber: '013176439',
        ...sealAccountNumber(box, `00022345${6780 + i}`),
        bankName: 'CLEARBROOK STATE BANK',
        verifiedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      });
      await tx.insert(esignatures).values({
        userId: member.id,
        agreementDocumentId: note.id,
        signedInStatus: 'esignature_needed',
        signatureName,
        storageKey: noteKey,
        sha256: sha256(notePdf),
        byteSize: notePdf.length,
        figures,
        signedAt,
      });
      return member.id;
    });
    if (userId === null) continue;
    // Funded by the loan book itself: loan, schedule, disbursement, signed note, notification, audit.
    await fundApplication(ctx, staff, userId, key);
  }
}
