interface ImportMetaEnv {
  /** Base URL of the API; portal calls live under {base}/employer_portal. Defaults to /api. */
  readonly VITE_API_BASE?: string;
}
