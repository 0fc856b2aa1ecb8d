interface ImportMetaEnv {
  /** Base URL of the authentication API (sign-in, sign-up, confirmation). Defaults to /api. */
  readonly VITE_AUTH_BASE?: string;
  /** Base URL of the application-flow API. Defaults to /api. */
  readonly VITE_FLOW_BASE?: string;
  /** Base URL of the general and dashboard API. Defaults to /api. */
  readonly VITE_API_BASE?: string;
  /** Google Tag Manager container id (GTM-XXXX); the tag manager loads only when it is set. */
  readonly VITE_GTM_ID?: string;
  /** The public review page a 4- or 5-star rating opens (spec §2 home panel). */
  readonly VITE_PUBLIC_REVIEW_URL?: string;
  /** The loan servicer's loan-manager site, linked from the Approved panel with the session token. */
  readonly VITE_LOAN_MANAGER_URL?: string;
}
