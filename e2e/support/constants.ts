import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
/** Kept out of git by the repository's .gitignore (test-artifacts/). */
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'test-artifacts', 'e2e')

/**
 * Which screenshots a journey keeps: 'steps' (a full-page shot after every
 * step, for people reading the run; the default) or 'failures' (only the
 * failing step's pages, the default under CI=true, where nobody reads the
 * rest: full-page shots of 600 steps cost minutes). E2E_SCREENSHOTS sets it.
 */
export const SCREENSHOTS: 'steps' | 'failures' =
  process.env.E2E_SCREENSHOTS === 'steps' || process.env.E2E_SCREENSHOTS === 'failures'
    ? process.env.E2E_SCREENSHOTS
    : process.env.CI === 'true' || process.env.CI === '1'
      ? 'failures'
      : 'steps'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

/** Passes every login captcha (CAPTCHA_TEST_CODE; development and tests only). */
export const CAPTCHA_CODE = 'E2E7'
/** The credential key the client build uses by default (VITE_CREDENTIAL_KEY unset). */
export const CREDENTIAL_KEY = 'rpt-site-dev-key'
