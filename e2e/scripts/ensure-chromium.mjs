#!/usr/bin/env node
// The browser tests drive Debian's Chromium; nothing downloads a browser.
// Missing and root with apt-get: install it (and the CJK fonts the Chinese
// edition needs). Otherwise say what to do and fail.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1'

if (existsSync(CHROMIUM)) process.exit(0)

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
if (isRoot && hasApt) {
  console.log(`[e2e] ${CHROMIUM} is missing: installing chromium and fonts-noto-cjk with apt-get`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  let result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env })
  if (result.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env })
    result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env })
  }
  if (result.status === 0 && existsSync(CHROMIUM)) process.exit(0)
  console.error('[e2e] apt-get could not install chromium')
  process.exit(1)
}

console.error(`[e2e] Chromium is missing at ${CHROMIUM}.
Install Debian's package (no browser is downloaded by these tests):
  sudo apt-get install -y chromium fonts-noto-cjk
or point CHROMIUM_PATH at an existing Chromium binary.`)
process.exit(1)
