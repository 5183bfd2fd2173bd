import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url))
export const DEPLOY_DIR = path.join(REPO_ROOT, 'deploy')
/** Kept out of git by the repository's .gitignore (test-artifacts/); overwritten by every run. */
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'test-artifacts', 'multi-instance')
export const LOG_DIR = path.join(ARTIFACTS_DIR, 'logs')
export const NGINX_TEMPLATE = path.join(DEPLOY_DIR, 'nginx', 'nginx.conf.template')
export const NGINX_BIN = process.env.NGINX_PATH || '/usr/sbin/nginx'
export const FIXTURES_DIR = path.join(REPO_ROOT, 'fixtures', 'content')
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'core-api', 'src', 'platform', 'db', 'migrations')
