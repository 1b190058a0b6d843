/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base the client calls; '/api' on the same origin when unset. */
  readonly VITE_API_HOST?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
