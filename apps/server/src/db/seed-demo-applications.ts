import { createHash, randomBytes } from 'node:crypto';
import { nextBusinessDay } from '@payrail/domain/calendar';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import { quoteLoan } from '@payrail/domain/loan/disclosure';
import { cents, prorate } from '@payrail/domain/money';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import {
  agreementDocuments,
  applicationMembers,
  applications,
  bankAccounts,
  borrowerProfiles,
  borrowerReferences,
  documents,
  employers,
  esignatures,
  feedbackRequests,
  loanBorrowers,
  staffActions,
  staffUsers,
  states,
  workflowTransitions,
} from './schema/index';
import { SSN_AAD } from '../modules/application/field-rules';
import { loanFigures } from '../modules/esignature/loan-figures';
import { renderPromissoryNote } from '../modules/esignature/promissory-note-pdf';
import { sealAccountNumber } from '../modules/banking/bank-accounts';

/** A one-page PDF, the demo's stand-in for uploaded files and the signed note. */
const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

type DemoApplicant = {
  email: string;
  firstName: string;
  lastName: string;
  ssn: string;
  status: 'ready_for_review' | 'feedback_sent' | 'application_submitted' | 'approved' | 'declined';
  amountCents: number;
  ageDays: number;
  documents: boolean;
  signed: boolean;
};

/** The back office's demo queue: one applicant per interesting status. Accounts have no password (staff-only demo). */
export const DEMO_APPLICANTS: readonly DemoApplicant[] = [
  {
    email: 'demo.ready@payrail.test',
    firstName: 'Avery',
    lastName: 'Coleman',
    ssn: '401-22-1001',
    status: 'ready_for_review',
    amountCents: 150_000,
    ageDays: 3,
    documents: true,
    signed: false,
  },
  {
    email: 'demo.feedback@payrail.test',
    firstName: 'Blake',
    lastName: 'Nguyen',
    ssn: '401-22-1002',
    status: 'feedback_sent',
    amountCents: 100_000,
    ageDays: 6,
    documents: true,
    signed: false,
  },
  {
    email: 'demo.submitted@payrail.test',
    firstName: 'Casey',
    lastName: 'Patel',
    ssn: '401-22-1003',
    status: 'application_submitted',
    amountCents: 200_000,
    ageDays: 9,
    documents: true,
    signed: true,
  },
  {
    email: 'demo.fund@payrail.test',
    firstName: 'Devon',
    lastName: 'Okafor',
    ssn: '401-22-1004',
    status: 'approved',
    amountCents: 250_000,
    ageDays: 12,
    documents: true,
    signed: true,
  },
  {
    email: 'demo.declined@payrail.test',
    firstName: 'Emery',
    lastName: 'Lopez',
    ssn: '401-22-1005',
    status: 'declined',
    amountCents: 80_000,
    ageDays: 20,
    documents: false,
    signed: false,
  },
];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const storageKey = (prefix: string) => {
  const id = randomBytes(16).toString('hex');
  return `${prefix}/${id.slice(0, 2)}/${id}`;
};

/**
 * Seeds the demo applicants (npm start, SEED_DEMO): each is skipped when its account exists, so a
 * restart adds nothing. Files are sealed into storage like real uploads.
 */
export async function seedDemoApplications(ctx: AppContext): Promise<void> {
  const db = ctx.database.db;
  const [employer] = await db.select().from(employers).where(eq(employers.isOther, false)).orderBy(employers.id).limit(1);
  const [state] = await db.select().from(states).where(eq(states.isAvailable, true)).orderBy(states.id).limit(1);
  const [underwriter] = await db.select().from(staffUsers).where(eq(staffUsers.role, 'underwriter')).limit(1);
  const [note] = await db
    .select()
    .from(agreementDocuments)
    .where(and(eq(agreementDocuments.name, 'promissory_note_terms'), isNull(agreementDocuments.stateAbbreviation)))
    .orderBy(desc(agreementDocuments.version))
    .limit(1);
  if (!employer || !state || !underwriter) return;
  const box = await ctx.cryptoBox();
  const now = ctx.now();
  const day = 86_400_000;

  for (const [i, a] of DEMO_APPLICANTS.entries()) {
    const [exists] = await db.select({ id: applicationMembers.id }).from(applicationMembers).where(eq(applicationMembers.email, a.email)).limit(1);
    if (exists) continue;
    const createdAt = new Date(now.getTime() - a.ageDays * day);
    const submittedAt = new Date(createdAt.getTime() + day);
    const decidedAt = new Date(createdAt.getTime() + 2 * day);
    const today = parseIsoDate(now.toISOString().slice(0, 10));
    const disbursementDate = nextBusinessDay(today);
    const terms = {
      amountCents: cents(a.amountCents),
      originationFeeCents: prorate(a.amountCents, 3, 100), // a 3% fee, rounded by the domain's one rule
      feeFinanced: false,
      annualRatePercent: '24.99',
      frequency: 'biweekly' as const,
      numberOfPayments: 26,
      disbursementDate,
      firstPaymentDate: addDays(disbursementDate, 14),
    };
    const { schedule, disclosure } = quoteLoan(terms);
    const files = a.documents
      ? (['driver_license', 'pay_stub', 'proof_of_address', 'selfie_photo'] as const).map((type) => ({ type, key: storageKey('documents') }))
      : [];
    const noteKey = a.signed && note ? storageKey('esign') : null;
    const signedAt = new Date(decidedAt.getTime() - 7_200_000);
    const signatureName = `${a.firstName} ${a.lastName}`;
    // The signed note is the real one: the engine's figures, the note's text, the signature block.
    const { figures } = loanFigures({ terms, feeLabel: 'origination fee', source: 'application' });
    const notePdf =
      noteKey && note
        ? Buffer.from(
            await renderPromissoryNote({
              borrowerName: signatureName,
              figures,
              schedule: schedule.rows,
              terms: note,
              at: signedAt,
              signature: { name: signatureName, signedAt, ip: null },
            }),
          )
        : null;
    for (const f of files) await ctx.providers.storage.put(f.key, box.sealBytes(DEMO_PDF, f.key), 'application/octet-stream');
    if (noteKey && notePdf) await ctx.providers.storage.put(noteKey, box.sealBytes(notePdf, noteKey), 'application/octet-stream');

    await db.transaction(async (tx) => {
      const [member] = await tx
        .insert(applicationMembers)
        .values({
          email: a.email,
          passwordHash: null,
          confirmedAt: createdAt,
          workflowStatus: a.status,
          createdAt,
          updatedAt: a.status === 'approved' || a.status === 'declined' || a.status === 'feedback_sent' ? decidedAt : submittedAt,
        })
        .onConflictDoNothing({ target: applicationMembers.email })
        .returning();
      if (!member) return;
      await tx.insert(loanBorrowers).values({
        userId: member.id,
        firstName: a.firstName,
        lastName: a.lastName,
        employerId: employer.id,
        stateId: state.id,
        referCode: `DEMO${i}${randomBytes(3).toString('hex').toUpperCase()}`,
        phone: `+1555010${String(1000 + i).slice(1)}`,
        phoneConfirmedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      });
      await tx.insert(borrowerProfiles).values({
        userId: member.id,
        dateOfBirth: parseIsoDate(`198${i}-0${i + 1}-1${i}`),
        address: `${100 + i} Main Street`,
        zipCode: '20001',
        city: 'Springfield',
        ssnSealed: box.seal(a.ssn.replace(/\D/g, ''), SSN_AAD),
        ssnIndex: box.hmacIndex(a.ssn.replace(/\D/g, '')),
        annualIncomeCents: cents(5_200_000 + i * 250_000),
        annualHouseholdIncomeCents: cents(7_000_000),
        housingType: i % 2 === 0 ? 'rent' : 'own',
        housingPaymentCents: cents(140_000),
        loanPurposeId: 1,
        workingTimeRange: '3_5',
        militaryActive: false,
        incomeSource: 'Employed',
        employeeId: `EMP-${1000 + i}`,
        createdAt,
        updatedAt: createdAt,
      });
      await tx.insert(borrowerReferences).values([
        {
          userId: member.id,
          position: 1,
          firstName: 'Morgan',
          lastName: 'Reed',
          relationship: 'Friend',
          phone: '(555) 010-2001',
          createdAt,
          updatedAt: createdAt,
        },
        {
          userId: member.id,
          position: 2,
          firstName: 'Riley',
          lastName: 'Shaw',
          relationship: 'Sibling',
          phone: '(555) 010-2002',
          createdAt,
          updatedAt: createdAt,
        },
      ]);
      const outcome = a.status === 'approved' ? 'approved' : a.status === 'declined' ? 'declined' : null;
      await tx.insert(applications).values({
        userId: member.id,
        paymentMethod: 'split_direct_deposit',
        amountCents: cents(a.amountCents),
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
        termsConsentAt: submittedAt,
        submittedAt,
        outcome,
        decidedAt: outcome ? decidedAt : null,
        reapplyOn: a.status === 'declined' ? addDays(today, 90) : null,
        createdAt,
        updatedAt: decidedAt,
      });
      const moves: (typeof workflowTransitions.$inferInsert)[] = [
        { userId: member.id, fromStatus: null, toStatus: 'email_confirmation', event: 'sign_up', actor: 'borrower', at: createdAt },
        {
          userId: member.id,
          fromStatus: 'email_confirmation',
          toStatus: 'about_yourself',
          event: 'confirm_email',
          actor: 'system',
          at: new Date(createdAt.getTime() + 60_000),
        },
        { userId: member.id, fromStatus: 'about_yourself', toStatus: 'ready_for_review', event: 'demo_seed', actor: 'system', at: submittedAt },
      ];
      const reviewer = (to: string, event: string) => ({
        userId: member.id,
        fromStatus: 'ready_for_review',
        toStatus: to,
        event,
        actor: 'reviewer' as const,
        staffUserId: underwriter.id,
        at: decidedAt,
      });
      if (a.status === 'feedback_sent') moves.push(reviewer('feedback_sent', 'send_feedback'));
      if (a.status === 'declined') moves.push(reviewer('declined', 'decline'));
      if (a.status === 'application_submitted' || a.status === 'approved') {
        moves.push({
          userId: member.id,
          fromStatus: 'ready_for_review',
          toStatus: 'application_submitted',
          event: 'demo_seed',
          actor: 'system',
          at: new Date(decidedAt.getTime() - 3_600_000),
        });
      }
      if (a.status === 'approved') moves.push({ ...reviewer('approved', 'approve'), fromStatus: 'application_submitted' });
      await tx.insert(workflowTransitions).values(moves);
      for (const m of moves.filter((x) => x.actor === 'reviewer')) {
        await tx.insert(staffActions).values({
          staffUserId: underwriter.id,
          action: m.event === 'approve' ? 'approve' : m.event,
          targetUserId: member.id,
          before: { status: m.fromStatus },
          after: { status: m.toStatus },
          at: decidedAt,
        });
      }
      if (files.length) {
        await tx.insert(documents).values(
          files.map((f) => ({
            userId: member.id,
            documentTypeName: f.type,
            fileName: `${f.type}.pdf`,
            storageKey: f.key,
            contentType: 'application/pdf',
            byteSize: DEMO_PDF.length,
            sha256: sha256(DEMO_PDF),
            createdAt: submittedAt,
          })),
        );
      }
      if (a.status === 'feedback_sent') {
        await tx.insert(feedbackRequests).values({
          userId: member.id,
          staffUserId: underwriter.id,
          message: 'Please upload a pay stub from the last 30 days.',
          fields: [],
          documents: ['pay_stub'],
          bankInformation: false,
          createdAt: decidedAt,
        });
      }
      if (a.signed || a.status === 'approved') {
        await tx.insert(bankAccounts).values({
          userId: member.id,
          usage: 'receiver',
          source: 'manual',
          accountType: 'checking',
          routingNumber: '013176439',
          ...sealAccountNumber(box, `00012345${6780 + i}`),
          bankName: 'CLEARBROOK STATE BANK',
          // The demo applicant's manual account passed the server's check with its statement.
          verifiedAt: submittedAt,
          createdAt: submittedAt,
          updatedAt: submittedAt,
        });
      }
      if (noteKey && note && notePdf) {
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
      }
    });
  }
}
