/** The path of one application under /api/backoffice, the start of every reviewer call on it. */
export const applicationPath = (userId: number) => `/applications/${userId}`;
