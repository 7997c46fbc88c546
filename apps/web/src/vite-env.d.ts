/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the footer's About and developed-by links point. */
  readonly VITE_ABOUT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
