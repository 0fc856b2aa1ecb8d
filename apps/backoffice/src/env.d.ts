interface ImportMetaEnv {
  /** Base URL of the API; back-office calls live under {base}/backoffice. Defaults to /api. */
  readonly VITE_API_BASE?: string;
}
