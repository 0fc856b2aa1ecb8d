import { ZPortfolio, ZPortfolioFigureParams } from '@payrail/contract/portfolio';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { getPortfolio, portfolioCsv } from './use-cases/get-portfolio';

/** The Portfolio page under /api/backoffice (capability `portfolio`): the figures, and one CSV per figure. */
export function portfolioBackofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const portfolio = { staff: 'portfolio' } as const;
  return async (app) => {
    app.get('/portfolio', { config: portfolio, schema: { response: { 200: ZPortfolio } } }, async () => getPortfolio(ctx));
    app.get('/portfolio/export/:figure', { config: portfolio, schema: { params: ZPortfolioFigureParams } }, async (req, reply) => {
      const { fileName, csv } = await portfolioCsv(ctx, req.params.figure);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    });
  };
}
