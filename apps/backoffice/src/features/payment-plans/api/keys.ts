export const paymentPlanKeys = { loan: (loanId: number) => ['payment-plans', loanId] as const };
