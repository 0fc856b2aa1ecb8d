import { formatCents, formatDate } from '@payrail/client/format';
import type { TableColumn } from '@payrail/ui/table';

/** The figures every installment row has, in the loan detail and the servicing view alike. */
interface InstallmentFigures {
  n: number;
  due_date: string;
  payment: number;
  principal: number;
  interest: number;
  balance: number;
}

/** An installment schedule's columns: number, due date, payment, principal, interest, balance after it. */
export function installmentColumns<T extends InstallmentFigures>(): TableColumn<T>[] {
  return [
    { key: 'n', header: 'No.', align: 'end', cell: (r) => r.n },
    { key: 'due', header: 'Due date', cell: (r) => formatDate(r.due_date) },
    { key: 'payment', header: 'Payment', align: 'end', cell: (r) => formatCents(r.payment) },
    { key: 'principal', header: 'Principal', align: 'end', cell: (r) => formatCents(r.principal) },
    { key: 'interest', header: 'Interest', align: 'end', cell: (r) => formatCents(r.interest) },
    { key: 'balance', header: 'Balance', align: 'end', cell: (r) => formatCents(r.balance) },
  ];
}
