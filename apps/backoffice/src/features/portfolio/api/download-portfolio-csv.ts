import type { PortfolioFigure } from '@payrail/contract/portfolio';
import { backofficeApi } from '../../../lib/api-client';

/** GET /api/backoffice/portfolio/export/:figure — one figure as CSV. */
export function downloadPortfolioCsv(figure: PortfolioFigure): Promise<Blob> {
  return backofficeApi.get<Blob>(`/portfolio/export/${figure}`, { responseType: 'blob', headers: { Accept: 'text/csv' } });
}
