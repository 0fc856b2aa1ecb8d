import { useMemo } from 'react';
import { useCardTokenizerConfig } from '../../features/repayment/api/repayment';
import { DebitCardForm } from '../../features/repayment/components/debit-card-form';
import { tokenizerFor } from '../../features/repayment/lib/card-tokenizer';
import { goToNextStatus } from '../workflow';

/**
 * /debit_card (status debit_card). The tokenizer follows GET /card_tokenizer/config (Stripe.js is only
 * loaded when it answers stripe); a failed config shows an error with Retry. Continue (after the wallet)
 * and SKIP → review_allotment → /; a failed move is shown by the form.
 */
export function Component() {
  const config = useCardTokenizerConfig();
  const tokenizer = useMemo(() => (config.data ? tokenizerFor(config.data) : null), [config.data]);
  return (
    <DebitCardForm
      tokenizer={tokenizer}
      tokenizerFailed={config.isError}
      tokenizerRetrying={config.isFetching}
      onRetryTokenizer={() => void config.refetch()}
      onNext={() => goToNextStatus('debit_card')}
    />
  );
}
