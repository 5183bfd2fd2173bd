// Debian's nginx as the test's balancer: deploy/nginx/nginx.conf.template
// rendered with loopback ports into a private prefix, run in the foreground
// as a child process. Its access log (format rpt_upstreams) says which
// instance answered every request.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { Child, waitFor } from './processes.ts'
import { NGINX_BIN, NGINX_TEMPLATE } from './paths.ts'

export interface NginxPorts {
  site: number
  core: number
  bffs: number[]
  cores: number[]
}

export interface AccessLine {
  port: number
  rid: string
  fwd: string
  method: string
  uri: string
  status: number
  /** Every server tried, in order ("127.0.0.1:1234"); the last one answered */
  upstreams: string[]
  upstreamStatuses: string[]
  raw: string
}

/** Fills {{NAME}} placeholders; every one must be given. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  const rendered = template.replace(/\{\{([A-Z_]+)\}\}/g, (all, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`nginx template: no value for ${all}`)
    return value
  })
  return rendered
}

const serverLines = (ports: number[]) => ports.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`).join('\n')

/** The BFFs' shared Cache-Control at the default HTTP_MAX_AGE_S (10) and HTTP_STALE_WHILE_REVALIDATE_S (20) */
export const DEFAULT_PAGE_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=20'

/** The folder the BFFs write page files into (their PAGE_FILES_DIR) for nginx under a prefix */
export const pageFilesDir = (prefix: string) => path.join(prefix, 'page-files')

export interface PageFilesOptions {
  /** The BFFs' PAGE_FILES_DIR: pageFilesDir(prefix) by default */
  dir?: string
  /** The BFFs' shared Cache-Control, sent with every file */
  cacheControl?: string
}

export async function renderConfig(prefix: string, ports: NginxPorts, pageFiles: PageFilesOptions = {}): Promise<string> {
  const template = await readFile(NGINX_TEMPLATE, 'utf8')
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  let config = renderTemplate(template, {
    // Workers must read this private prefix, which only its owner can enter.
    WORKER_USER: 'root',
    WORKER_PROCESSES: '1',
    RUN_DIR: prefix,
    LOG_DIR: prefix,
    TEMP_DIR: path.join(prefix, 'temp'),
    BFF_SERVERS: serverLines(ports.bffs),
    CORE_SERVERS: serverLines(ports.cores),
    SITE_LISTEN: `127.0.0.1:${ports.site}`,
    SERVER_NAME: '127.0.0.1',
    CORE_LISTEN: `127.0.0.1:${ports.core}`,
    PAGE_FILES_DIR: pageFiles.dir ?? pageFilesDir(prefix),
    PAGE_CACHE_CONTROL: pageFiles.cacheControl ?? DEFAULT_PAGE_CACHE_CONTROL,
  })
  // Not root: nginx runs as whoever starts it and the user directive goes.
  if (!isRoot) config = config.replace(/^user [^;]+;\n/m, '')
  return config
}

export class Nginx {
  private constructor(
    readonly child: Child,
    readonly prefix: string,
    readonly ports: NginxPorts,
  ) {}

  static async start(prefix: string, ports: NginxPorts): Promise<Nginx> {
    if (!existsSync(NGINX_BIN))
      throw new Error(
        `nginx is missing at ${NGINX_BIN}: run \`npm run test:multi-instance\` (its pretest installs it) or \`node deploy/scripts/ensure-nginx.mjs\``,
      )
    await mkdir(path.join(prefix, 'temp'), { recursive: true })
    const confFile = path.join(prefix, 'nginx.conf')
    await writeFile(confFile, await renderConfig(prefix, ports))
    const args = ['-p', prefix, '-c', confFile, '-g', 'daemon off;']
    const check = spawnSync(NGINX_BIN, ['-t', ...args], { encoding: 'utf8' })
    if (check.status !== 0) throw new Error(`nginx -t refused the rendered ${confFile}:\n${check.stderr}${check.stdout}`)
    const child = new Child('nginx', NGINX_BIN, args, { cwd: prefix })
    const nginx = new Nginx(child, prefix, ports)
    // Listening once both ports take a connection. (No request: with no BFF
    // running yet, nginx would mark every upstream failed for fail_timeout.)
    await waitFor(
      async () => {
        if (!child.running) throw new Error(`nginx ended (${child.state})\n${child.tail()}\n${await nginx.errorLog()}`)
        return (await accepts(ports.site)) && (await accepts(ports.core)) ? true : undefined
      },
      { timeoutMs: 10_000, describe: async () => `nginx did not listen on ${ports.site}\n${child.tail()}\n${await nginx.errorLog()}` },
    )
    return nginx
  }

  get accessLogFile(): string {
    return path.join(this.prefix, 'access.log')
  }

  async errorLog(): Promise<string> {
    try {
      return await readFile(path.join(this.prefix, 'error.log'), 'utf8')
    } catch {
      return ''
    }
  }

  async accessLog(): Promise<AccessLine[]> {
    let text: string
    try {
      text = await readFile(this.accessLogFile, 'utf8')
    } catch {
      return []
    }
    return text
      .split('\n')
      .filter(Boolean)
      .map(parseAccessLine)
      .filter((line): line is AccessLine => line !== undefined)
  }

  /** The core API call(s) the BFF made for a browser request (by the X-Request-Id nginx gave it). */
  async coreCallsFor(requestId: string, timeoutMs = 2000): Promise<AccessLine[]> {
    return waitFor(
      async () => {
        const lines = (await this.accessLog()).filter((line) => line.port === this.ports.core && line.fwd === requestId)
        return lines.length > 0 ? lines : undefined
      },
      { timeoutMs, intervalMs: 50, describe: () => `nginx logged no core API call for request ${requestId} within ${timeoutMs} ms` },
    )
  }

  async stop(): Promise<void> {
    await this.child.stop(5000)
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

export function parseAccessLine(raw: string): AccessLine | undefined {
  const field = (name: string) => {
    const match = new RegExp(`(?:^| )${name}=("([^"]*)"|(\\S*))`).exec(raw)
    return match ? (match[2] ?? match[3] ?? '') : ''
  }
  const port = Number(field('port'))
  if (!port) return undefined
  // Servers tried are separated by ", ", internal redirects by " : ".
  const list = (value: string) => value.split(/,\s*|\s+:\s+/).filter((v) => v && v !== '-')
  return {
    port,
    rid: field('rid'),
    fwd: field('fwd') === '-' ? '' : field('fwd'),
    method: field('method'),
    uri: field('uri'),
    status: Number(field('status')),
    upstreams: list(field('upstream')),
    upstreamStatuses: list(field('upstream_status')),
    raw,
  }
}

/** The instance that finally answered a logged request. */
export function answeredBy(line: AccessLine): string | undefined {
  return line.upstreams[line.upstreams.length - 1]
}
