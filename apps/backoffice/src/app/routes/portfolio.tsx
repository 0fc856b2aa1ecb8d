import { Alert } from '@payrail/ui/alert';
import { LoadingBlock } from '@payrail/ui/spinner';
import { RequireRole } from '../../components/require-role';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { usePortfolio } from '../../features/portfolio/api/portfolio';
import { monthLabel, PortfolioFigures } from '../../features/portfolio/components/portfolio-figures';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../title';

function PortfolioPage() {
  const portfolio = usePortfolio();
  if (portfolio.isPending) return <LoadingBlock label="Reading the portfolio…" />;
  if (!portfolio.data)
    return (
      <Alert kind="error" assertive>
        {errorMessage(portfolio.error)}
      </Alert>
    );
  const p = portfolio.data;
  const last = p.month_ends[p.month_ends.length - 1];
  return (
    <>
      <p role="status" className={styles.lead}>
        {last
          ? `Month-end figures through ${monthLabel(last)} (${p.month_ends.length} month ${p.month_ends.length === 1 ? 'end' : 'ends'}); business date ${p.as_of}.`
          : `No month end completed yet; business date ${p.as_of}.`}
      </p>
      <PortfolioFigures p={p} />
    </>
  );
}

export function Component() {
  usePageTitle('Portfolio');
  return (
    <RequireRole capability="portfolio">
      <div className={styles.header}>
        <div>
          <h1>Portfolio</h1>
          <p className={styles.lead}>
            How the book performs: originations, approval and funding rates, balances, delinquency, roll rates, charge-offs and vintage losses, from month-end
            positions.
          </p>
        </div>
      </div>
      <PortfolioPage />
    </RequireRole>
  );
}
