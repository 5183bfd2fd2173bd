/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_CREDENTIAL_KEY?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
