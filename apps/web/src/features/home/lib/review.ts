/** The public review page 4–5 star ratings open (classic §2); set VITE_PUBLIC_REVIEW_URL per install. */
export const PUBLIC_REVIEW_URL: string = (import.meta.env.VITE_PUBLIC_REVIEW_URL as string | undefined) || 'https://www.trustpilot.com/evaluate/payrail.com';

/** Star rating length 5; 4–5 positive, 1–3 asks for feedback (spec §9). */
export const STAR_COUNT = 5;
export const isPositiveRating = (rating: number) => rating >= 4;
