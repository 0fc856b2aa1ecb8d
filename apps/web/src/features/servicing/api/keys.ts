/** Every servicing query key starts here, so a payment refreshes them all at once. */
export const SERVICING_KEY = ['servicing'] as const;
