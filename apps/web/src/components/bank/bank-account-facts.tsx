import { displayAccountNumber } from '@payrail/client/format';
import type { TBankInformation } from '@payrail/contract/banking';
import { FactList } from '@payrail/ui/fact-list';

/** "Checking" / "Savings" for an account type; a dash when none is on file. */
export function accountTypeLabel(type: string | null | undefined): string {
  if (!type) return '—';
  return type.charAt(0).toUpperCase() + type.slice(1).toLowerCase();
}

/** The bank account on file as the borrower reviews it (bank page, refinance review): type, routing number, masked account number. */
export function BankAccountFacts({ account, className }: { account: TBankInformation; className?: string }) {
  return (
    <FactList
      className={className}
      facts={[
        { label: 'Account type', value: accountTypeLabel(account.account_type) },
        { label: 'Routing number', value: account.routing_transfer_number ?? '—' },
        { label: 'Account number', value: displayAccountNumber(account.bank_account_number) },
      ]}
    />
  );
}
