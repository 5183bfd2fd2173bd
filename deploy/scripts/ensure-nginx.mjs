#!/usr/bin/env node
// The multi-instance test balances its instances with Debian's nginx; nothing
// downloads or builds one. Missing and root with apt-get: install it (as
// e2e/scripts/ensure-chromium.mjs installs Chromium). Otherwise say what to
// do and fail. The test runs its own nginx (own prefix, config and port, not
// a daemon); the packaged service is never started here.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'

const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx'

if (existsSync(NGINX)) process.exit(0)

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
if (isRoot && hasApt) {
  console.log(`[deploy] ${NGINX} is missing: installing nginx with apt-get`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const pidFile = '/run/nginx.pid'
  const hadDaemon = existsSync(pidFile)
  const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], { stdio: 'inherit', env })
  let result = install()
  if (result.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env })
    result = install()
  }
  // Where services may start (no policy-rc.d), the package starts Debian's own
  // nginx on port 80: this script wanted the binary only, so stop that again.
  if (!hadDaemon && existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').trim())
    if (pid > 0) {
      console.log(`[deploy] stopping the nginx service the package started (pid ${pid}); the test runs its own`)
      spawnSync(NGINX, ['-s', 'quit'], { stdio: 'inherit' })
    }
  }
  if (result.status === 0 && existsSync(NGINX)) process.exit(0)
  console.error('[deploy] apt-get could not install nginx')
  process.exit(1)
}

console.error(`[deploy] nginx is missing at ${NGINX}.
Install Debian's package (the test runs it as a child process with its own configuration):
  sudo apt-get install -y --no-install-recommends nginx
or point NGINX_PATH at an existing nginx binary.`)
process.exit(1)
