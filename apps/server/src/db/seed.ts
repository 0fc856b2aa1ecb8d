import { eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords';
import type { Db } from './client';
import {
  agreementDocuments,
  applicationMembers,
  banners,
  employers,
  loanBorrowers,
  loanPurposes,
  payrollServices,
  notifications,
  states,
  staffUsers,
  userAgreements,
  userBenefits,
  workflowTransitions,
} from './schema/index';
import { AGREEMENT_DOCUMENTS } from './seed-data/agreement-documents';
import { DEMO_BANNERS, DEMO_NOTIFICATIONS } from './seed-data/demo-content';
import { EMPLOYER_LOGOS } from './seed-data/employer-logos';
import { EMPLOYERS, PAYROLL_SERVICES } from './seed-data/employers';
import { LOAN_PURPOSES } from './seed-data/loan-purposes';
import { STATES } from './seed-data/states';
import { seedPricingPrograms } from './seed-pricing';

/** Demo staff for the back office, development only (never when NODE_ENV=production). */
export const DEMO_STAFF = [
  { email: 'admin@payrail.test', name: 'Avery Admin', role: 'admin' },
  { email: 'underwriter@payrail.test', name: 'Uma Underwriter', role: 'underwriter' },
  { email: 'servicer@payrail.test', name: 'Sam Servicer', role: 'servicer' },
] as const;
export const DEMO_STAFF_PASSWORD = 'Payrail-demo-1';

/** The demo borrower: confirmed, phone verified, at the first application step (about_yourself). */
export const DEMO_BORROWER = {
  email: 'borrower@payrail.test',
  password: 'Payrail-demo-1',
  firstName: 'Jordan',
  lastName: 'Rivera',
  phone: '+12025550142',
  stateAbbreviation: 'DE',
  referCode: 'JORDAN25',
} as const;

/** How many of the demo notifications (the oldest) are already read. */
const DEMO_READ_NOTIFICATIONS = 7;

/** Reference data every environment needs. Idempotent: rows that exist are left as they are. */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(states)
      .values(STATES.map((s) => ({ id: s.id, name: s.name, abbreviation: s.abbreviation, isAvailable: s.is_available })))
      .onConflictDoNothing();
    await tx
      .insert(loanPurposes)
      .values(LOAN_PURPOSES.map((p) => ({ id: p.id, name: p.name })))
      .onConflictDoNothing();
    // "Other" and "Don't know" are the form's own choices after the list (spec §3), not rows.
    const listed = PAYROLL_SERVICES.filter((name) => name !== 'Other' && name !== "Don't know");
    await tx
      .insert(payrollServices)
      .values(listed.map((name, i) => ({ id: i + 1, name })))
      .onConflictDoNothing();
    await tx
      .insert(employers)
      .values(
        EMPLOYERS.map((e) => ({
          slug: e.slug,
          name: e.name,
          employerType: e.employer_type,
          partnership: e.partnership,
          paymentType: e.payment_type,
          payFrequency: e.pay_frequency,
          payrollPortalName: e.payroll_portal?.name ?? null,
          payrollPortalUrl: e.payroll_portal?.url ?? null,
          payStubHelp: e.pay_stub_help,
          videoUrl: e.video_url,
          argyleId: e.argyle_id,
          multiplePaycheck: e.multiple_paycheck,
          payrollService: e.payroll_service,
          isOther: e.is_other,
          logoSvg: EMPLOYER_LOGOS[e.slug] ?? '',
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(agreementDocuments)
      .values(
        AGREEMENT_DOCUMENTS.map((d) => ({
          name: d.name,
          title: d.title,
          version: d.version,
          stateAbbreviation: d.state_abbreviation,
          sections: d.sections.map((s) => ({ heading: s.heading, paragraphs: [...s.paragraphs] })),
        })),
      )
      .onConflictDoNothing();
  });
  await seedPricingPrograms(db);
}

/** Demo rows for trying the product locally: staff, the demo borrower with notifications and a medal, banners. Idempotent. */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<void> {
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  await db
    .insert(staffUsers)
    .values(DEMO_STAFF.map((s) => ({ ...s, passwordHash })))
    .onConflictDoNothing({ target: staffUsers.email });
  await db
    .insert(banners)
    .values(DEMO_BANNERS.map((b, position) => ({ slug: b.slug, title: b.title, body: b.body, isMobile: b.is_mobile, svg: b.svg, position })))
    // The demo banners are ours: an existing demo database gets their current text and art too.
    .onConflictDoUpdate({ target: banners.slug, set: { title: sql`excluded.title`, body: sql`excluded.body`, svg: sql`excluded.svg` } });
  await seedDemoBorrower(db, now, DEMO_BORROWER.password === DEMO_STAFF_PASSWORD ? passwordHash : await hashPassword(DEMO_BORROWER.password));
}

/** The demo borrower and everything that hangs off the account; skipped when the account exists. */
async function seedDemoBorrower(db: Db, now: Date, passwordHash: string): Promise<void> {
  const day = 86_400_000;
  const [state] = await db.select().from(states).where(eq(states.abbreviation, DEMO_BORROWER.stateAbbreviation)).limit(1);
  const docs = await db
    .select({ id: agreementDocuments.id, name: agreementDocuments.name })
    .from(agreementDocuments)
    .where(isNull(agreementDocuments.stateAbbreviation));
  await db.transaction(async (tx) => {
    const signedUpAt = new Date(now.getTime() - 30 * day);
    const confirmedAt = new Date(signedUpAt.getTime() + 600_000);
    const [member] = await tx
      .insert(applicationMembers)
      .values({
        email: DEMO_BORROWER.email,
        passwordHash,
        confirmedAt,
        workflowStatus: 'about_yourself',
        createdAt: signedUpAt,
        updatedAt: confirmedAt,
      })
      .onConflictDoNothing({ target: applicationMembers.email })
      .returning();
    if (!member) return;
    await tx.insert(loanBorrowers).values({
      userId: member.id,
      firstName: DEMO_BORROWER.firstName,
      lastName: DEMO_BORROWER.lastName,
      stateId: state?.id ?? null,
      referCode: DEMO_BORROWER.referCode,
      phone: DEMO_BORROWER.phone,
      phoneConfirmedAt: confirmedAt,
      createdAt: signedUpAt,
      updatedAt: confirmedAt,
    });
    await tx.insert(workflowTransitions).values([
      { userId: member.id, fromStatus: null, toStatus: 'email_confirmation', event: 'sign_up', actor: 'borrower', at: signedUpAt },
      { userId: member.id, fromStatus: 'email_confirmation', toStatus: 'about_yourself', event: 'confirm_email', actor: 'system', at: confirmedAt },
    ]);
    const accepted = docs.filter((d) => d.name === 'privacy_notice' || d.name === 'consent_eletronic_comunications');
    if (accepted.length > 0)
      await tx.insert(userAgreements).values(accepted.map((d) => ({ userId: member.id, agreementDocumentId: d.id, acceptedAt: signedUpAt })));
    await tx.insert(notifications).values(
      DEMO_NOTIFICATIONS.map((message, i) => {
        const at = new Date(now.getTime() - (DEMO_NOTIFICATIONS.length - i) * day);
        return { userId: member.id, message, status: i < DEMO_READ_NOTIFICATIONS ? ('read' as const) : ('unread' as const), createdAt: at, updatedAt: at };
      }),
    );
    // The level itself is computed from the referral rewards ledger; this row is the level last seen.
    await tx.insert(userBenefits).values({ userId: member.id, level: 'zero', readAt: null, updatedAt: confirmedAt });
  });
}
