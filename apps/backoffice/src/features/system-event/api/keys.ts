export const systemStateKey = ['platform', 'system-state'] as const;
