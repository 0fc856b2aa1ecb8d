import {
  EMPLOYER_ALREADY_HAS_ACCOUNT,
  EMPLOYER_INVITATION_DAYS,
  EMPLOYER_INVITATION_PENDING,
  EMPLOYER_PORTAL_BASE,
  type TBackofficeEmployer,
  type TBackofficeEmployerDetail,
  ZBackofficeEmployerDetail,
  ZBackofficeEmployerList,
  ZEmployerInvitationRequest,
} from '@payrail/contract/employer-portal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EmailMessage } from '../../adapters/email/port';
import type { AppContext } from '../../context';
import { COMPANY } from '../../db/seed-data/company';
import { AppError } from '../../errors';
import { hashToken, newSessionToken } from '../../lib/tokens';
import { staffOf } from '../staff/staff-guard';
import type { EmployerRow } from './accounts.repository';

const ZId = z.coerce.number({ error: 'Must be a number.' }).int('Must be a whole number.').positive('Must be positive.').max(2_147_483_647, 'Too large.');
const ZEmployerParams = z.object({ id: ZId });
const EMPLOYER_NOT_FOUND = 'No employer with this id.';

const employerView = (e: EmployerRow, counts: { activeUsers: number; pendingInvitations: number }): TBackofficeEmployer => ({
  id: e.id,
  slug: e.slug,
  name: e.name,
  partnership: e.partnership,
  employer_type: e.employerType,
  payment_type: e.paymentType,
  pay_frequency: e.payFrequency,
  active_users: counts.activeUsers,
  pending_invitations: counts.pendingInvitations,
});

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The invitation e-mail: the link to the portal's invitation page, its expiry and what comes next. */
export function employerInvitationEmail(to: string, employerName: string, token: string, publicUrl: string, days: number): EmailMessage {
  const href = `${publicUrl}${EMPLOYER_PORTAL_BASE}/invitation?token=${token}`;
  const lines = [
    `You are invited to the ${COMPANY.brand_name} employer portal for ${employerName}.`,
    'There you will see the payroll deductions of your employees who repay a loan through payroll, download the deduction file for each payroll, report remittances and answer employment verifications.',
    `Set up your account at ${href}. The link works once and expires in ${days} days. You will choose a password and add a sign-in code to an authenticator app.`,
  ];
  return {
    to,
    subject: `Your ${COMPANY.brand_name} employer portal invitation`,
    text: `${lines.join('\n\n')}\n\nIf you did not expect this e-mail, you can ignore it.\n`,
    html:
      `<div style="font:16px/1.5 system-ui,sans-serif;color:#1f2933">${lines
        .slice(0, 2)
        .map((l) => `<p>${escapeHtml(l)}</p>`)
        .join('')}` +
      `<p>The link works once and expires in ${days} days.</p><p><a href="${escapeHtml(href)}" style="color:#0b5cad">Set up my account</a></p>` +
      `<p style="color:#52606d;font-size:13px">${escapeHtml(COMPANY.legal_name)} · ${escapeHtml(COMPANY.address_line)}</p></div>`,
    meta: { kind: 'employer_invitation' },
  };
}

/** The back office's employer pages (issue #31): employers, their portal users and invitations. Staff capability `manageEmployerUsers`. */
export function employerBackofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const repo = ctx.repos.employerAccounts;

  async function detail(id: number): Promise<TBackofficeEmployerDetail> {
    const employer = await repo.findEmployer(id);
    if (!employer || employer.isOther) throw AppError.notFound(EMPLOYER_NOT_FOUND);
    const now = ctx.now();
    const [counts, users, invitations] = [await repo.countAccounts(id, now), await repo.listUsers(id), await repo.listInvitations(id)];
    return {
      employer: employerView(employer, counts),
      users: users.map(({ user, lastSignInAt }) => ({
        id: user.id,
        email: user.email,
        name: user.name,
        status: user.disabledAt ? 'disabled' : user.totpEnrolledAt ? 'active' : 'pending_enrolment',
        totp_enrolled_at: user.totpEnrolledAt?.toISOString() ?? null,
        disabled_at: user.disabledAt?.toISOString() ?? null,
        created_at: user.createdAt.toISOString(),
        last_sign_in_at: lastSignInAt ? new Date(lastSignInAt).toISOString() : null,
      })),
      invitations: invitations.map(({ invitation: i, invitedBy }) => ({
        id: i.id,
        email: i.email,
        status: i.acceptedAt ? 'accepted' : i.revokedAt ? 'revoked' : i.expiresAt <= now ? 'expired' : 'pending',
        invited_by: invitedBy,
        created_at: i.createdAt.toISOString(),
        expires_at: i.expiresAt.toISOString(),
        accepted_at: i.acceptedAt?.toISOString() ?? null,
        revoked_at: i.revokedAt?.toISOString() ?? null,
      })),
    };
  }

  return async (app) => {
    app.get('/employers', { config: { staff: 'manageEmployerUsers' }, schema: { response: { 200: ZBackofficeEmployerList } } }, async () => {
      const rows = await repo.listEmployers(ctx.now());
      return { employers: rows.map((r) => employerView(r.employer, r)) };
    });

    app.get(
      '/employers/:id',
      { config: { staff: 'manageEmployerUsers' }, schema: { params: ZEmployerParams, response: { 200: ZBackofficeEmployerDetail } } },
      async (req) => detail(req.params.id),
    );

    app.post(
      '/employers/:id/invitations',
      {
        config: { staff: 'manageEmployerUsers' },
        schema: { params: ZEmployerParams, body: ZEmployerInvitationRequest, response: { 201: ZBackofficeEmployerDetail } },
      },
      async (req, reply) => {
        const staff = staffOf(req);
        const employer = await repo.findEmployer(req.params.id);
        if (!employer || employer.isOther) throw AppError.notFound(EMPLOYER_NOT_FOUND);
        const email = req.body.email;
        const now = ctx.now();
        if (await repo.findUserByEmail(email)) throw AppError.fields({ email: [EMPLOYER_ALREADY_HAS_ACCOUNT] });
        if (await repo.findOpenInvitation(email, now)) throw AppError.fields({ email: [EMPLOYER_INVITATION_PENDING] });
        const token = newSessionToken();
        const expiresAt = new Date(now.getTime() + EMPLOYER_INVITATION_DAYS * 86_400_000);
        await repo.createInvitation({ employerId: employer.id, email, tokenHash: hashToken(token), staffUserId: staff.id, now, expiresAt });
        await ctx.providers.email.send(employerInvitationEmail(email, employer.name, token, ctx.config.publicUrl, EMPLOYER_INVITATION_DAYS));
        return reply.status(201).send(await detail(employer.id));
      },
    );

    app.post(
      '/employers/:id/invitations/:invitationId/revoke',
      { config: { staff: 'manageEmployerUsers' }, schema: { params: z.object({ id: ZId, invitationId: ZId }), response: { 200: ZBackofficeEmployerDetail } } },
      async (req) => {
        const staff = staffOf(req);
        const { id, invitationId } = req.params;
        const revoked = await repo.revokeInvitation(id, invitationId, ctx.now(), { staffUserId: staff.id });
        if (!revoked) {
          const existing = await repo.findInvitation(id, invitationId);
          if (!existing) throw AppError.notFound('No invitation with this id for this employer.');
          throw new AppError(
            'conflict',
            existing.acceptedAt ? 'This invitation was already accepted: disable the user instead.' : 'This invitation was already revoked.',
          );
        }
        return detail(id);
      },
    );

    app.post(
      '/employers/:id/users/:userId/disable',
      { config: { staff: 'manageEmployerUsers' }, schema: { params: z.object({ id: ZId, userId: ZId }), response: { 200: ZBackofficeEmployerDetail } } },
      async (req) => {
        const staff = staffOf(req);
        const { id, userId } = req.params;
        const disabled = await repo.disableUser(id, userId, ctx.now(), { staffUserId: staff.id });
        if (!disabled) {
          const existing = await repo.findUser(userId);
          if (!existing || existing.employerId !== id) throw AppError.notFound('No employer user with this id for this employer.');
          throw new AppError('conflict', 'This user is already disabled.');
        }
        return detail(id);
      },
    );
  };
}
