/** Where a call came from, stored with sessions and accepted agreements. */
export type ClientInfo = { ip: string | null; userAgent: string | null };
