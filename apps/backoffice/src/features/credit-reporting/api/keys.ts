export const creditReportingKeys = {
  files: ['credit-reporting', 'files'] as const,
  disputes: (loanId: number) => ['credit-reporting', 'disputes', loanId] as const,
};
