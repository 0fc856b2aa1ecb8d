export type QueueBucket = '1-29' | '30-59' | '60-89' | '90-119' | '120+';

export const collectionsKeys = {
  queue: (bucket: QueueBucket | 'all', cursor: string | null) => ['collections', 'queue', bucket, cursor ?? ''] as const,
  loan: (loanId: number) => ['collections', 'loan', loanId] as const,
};
