/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the REST API (SPEC.md section 7); default `/api` on the same origin. */
  readonly VITE_API_URL?: string;
  /** Support e-mail shown on the landing page. */
  readonly VITE_SUPPORT_EMAIL?: string;
  /** The business named as the buyer on a printed purchase order. */
  readonly VITE_BUSINESS_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
