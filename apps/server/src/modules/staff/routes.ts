import { ZStaffLoginRequest, ZStaffMember } from '@payrail/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { hashToken, tokenFromHeader } from '../../lib/tokens';
import { authenticateStaff } from './use-cases/authenticate-staff';
import { signInStaff } from './use-cases/sign-in-staff';

/** Staff sign-in and session, under /api/backoffice. */
export function staffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/login',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: { body: ZStaffLoginRequest, response: { 200: ZStaffMember } },
      },
      async (req, reply) => {
        const { token, member } = await signInStaff(ctx, req.body, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
        reply.header('authorization', token);
        return member;
      },
    );

    app.get('/me', { schema: { response: { 200: ZStaffMember } } }, async (req) => authenticateStaff(ctx, tokenFromHeader(req.headers.authorization)));

    app.delete('/logout', async (req, reply) => {
      const token = tokenFromHeader(req.headers.authorization);
      await authenticateStaff(ctx, token);
      await ctx.repos.staff.revokeSession(hashToken(token!), ctx.now());
      return reply.status(204).send();
    });
  };
}
