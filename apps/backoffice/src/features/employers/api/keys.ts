export const employerKeys = {
  list: ['employers', 'list'] as const,
  detail: (id: number) => ['employers', 'detail', id] as const,
};
