import { randomBytes } from 'node:crypto'

// The keys a production core API refuses to run without, made once per bench
// run: the core API and the staff CLI the bench runs must share them (the CLI
// seals the bench editor's TOTP secret that the core API then opens).
export const BENCH_SECRETS = {
  PREVIEW_SECRET: randomBytes(32).toString('base64url'),
  STAFF_SECRET_KEY: randomBytes(32).toString('base64url'),
}
