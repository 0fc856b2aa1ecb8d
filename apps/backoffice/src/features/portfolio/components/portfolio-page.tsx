import styles from '@payrail/ui/styles/staff-page.module.css';
import { usePortfolio } from '../api/get-portfolio';
import { monthLabel, PortfolioFigures } from './portfolio-figures';
import { StaffPage } from '../../../components/staff-page';
import { QueryFallback } from '@payrail/ui/query-fallback';

function PortfolioSummary() {
  const portfolio = usePortfolio();
  if (!portfolio.data) return <QueryFallback query={portfolio} loadingLabel="Reading the portfolio…" />;
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

export function PortfolioPage() {
  return (
    <StaffPage
      title="Portfolio"
      capability="portfolio"
      lead="How the book performs: originations, approval and funding rates, balances, delinquency, roll rates, charge-offs and vintage losses, from month-end positions."
    >
      <PortfolioSummary />
    </StaffPage>
  );
}
