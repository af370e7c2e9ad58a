/// <reference types="vite/client" />

// Build-time settings (VITE_* variables); every one is optional with a default in code.
interface ImportMetaEnv {
  /** Origin of the API when it is not the app's own (default: same origin). */
  readonly VITE_API_BASE?: string;
  /** Where the footer's Help link points. */
  readonly VITE_HELP_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
