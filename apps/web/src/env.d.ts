interface ImportMetaEnv {
  /** Base URL of the authentication API (sign-in, sign-up, confirmation). Defaults to /api. */
  readonly VITE_AUTH_BASE?: string;
  /** Base URL of the application-flow API. Defaults to /api. */
  readonly VITE_FLOW_BASE?: string;
  /** Base URL of the general and dashboard API. Defaults to /api. */
  readonly VITE_API_BASE?: string;
  /** Google Tag Manager container id (GTM-XXXX); the tag manager loads only when it is set. */
  readonly VITE_GTM_ID?: string;
}

