import {
  ZBanner,
  ZBenefits,
  ZNotification,
  ZNotificationParams,
  ZSupportMessageCreated,
  ZSupportMessageRequest,
  ZVisitorRequest,
} from '@payrail/contract/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { clientInfo, signedIn } from '../identity/http';
import { RATE_LIMITS } from '../../lib/access-limits';
import { getBannerImage } from './use-cases/get-banner-image';
import { getBenefits } from './use-cases/get-benefits';
import { listBanners } from './use-cases/list-banners';
import { listNotifications } from './use-cases/list-notifications';
import { markBenefitsRead } from './use-cases/mark-benefits-read';
import { markNotification } from './use-cases/mark-notification';
import { recordVisit } from './use-cases/record-visit';
import { sendSupportMessage } from './use-cases/send-support-message';

/** The shell: notifications, banners, benefits, visitor log and the support chat. */
export function engagementRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const member = { session: 'required' } as const;
  // A signed-in page's hot reads: answered from the kept answer while the member's data is unchanged (http/kept-member-answers.ts).
  const kept = { session: 'required', keptAnswer: true } as const;
  return async (app) => {
    app.get('/notifications', { config: kept, schema: { response: { 200: z.array(ZNotification) } } }, async (req) =>
      listNotifications(ctx, signedIn(req).member.id),
    );

    app.patch('/notifications/read/:id', { config: member, schema: { params: ZNotificationParams, response: { 200: ZNotification } } }, async (req) =>
      markNotification(ctx, signedIn(req).member.id, req.params.id, 'read'),
    );

    app.patch('/notifications/unread/:id', { config: member, schema: { params: ZNotificationParams, response: { 200: ZNotification } } }, async (req) =>
      markNotification(ctx, signedIn(req).member.id, req.params.id, 'unread'),
    );

    app.get('/banners', { config: kept, schema: { response: { 200: z.array(ZBanner) } } }, async (req) => listBanners(ctx, signedIn(req).member));

    app.get('/banners/:file', { schema: { params: z.object({ file: z.string().max(120) }) } }, async (req, reply) => {
      // Read first: only an image found is typed and cacheable.
      const image = await getBannerImage(ctx, req.params.file);
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(image);
    });

    app.get('/benefits', { config: kept, schema: { response: { 200: ZBenefits } } }, async (req) => getBenefits(ctx, signedIn(req).member.id));

    app.patch('/benefits/read', { config: member, schema: { response: { 200: ZBenefits } } }, async (req) => markBenefitsRead(ctx, signedIn(req).member.id));

    app.post('/visitor', { config: { session: 'optional', rateLimit: RATE_LIMITS.visitor }, schema: { body: ZVisitorRequest } }, async (req, reply) => {
      await recordVisit(ctx, {
        fingerprint: req.body.fingerprint,
        page: req.body.page,
        queryString: req.body.queryString,
        userId: req.signedIn?.member.id ?? null,
        ip: clientInfo(req).ip,
      });
      return reply.status(204).send();
    });

    app.post(
      '/support_messages',
      {
        config: { session: 'optional', rateLimit: RATE_LIMITS.supportMessage },
        schema: { body: ZSupportMessageRequest, response: { 201: ZSupportMessageCreated } },
      },
      async (req, reply) => reply.status(201).send(await sendSupportMessage(ctx, req.signedIn?.member ?? null, req.body)),
    );
  };
}
