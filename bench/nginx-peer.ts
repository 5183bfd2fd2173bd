// nginx as the bench's peer (Debian's package: apt-get install -y nginx-light):
// started by the bench in a scratch prefix, as the bench's own user, on
// loopback ports, in the foreground (daemon off) so it stops with the bench.
//
//   static:   the home payload as a static file, with the exact headers the
//             BFF sent with it: what serving those bytes costs at the floor.
//   balancer: a plain proxy (keep-alive upstream connections, no cache) in
//             front of one or more BFF instances.
//
// startReferenceNginx runs the reference deployment's own configuration
// instead (deploy/nginx/nginx.conf.template, its shared cache included), and
// beside it, in the same http block, the static server its row compares with.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { renderConfig, type NginxPorts, type PageFilesOptions } from '../deploy/test/support/nginx.ts'

export const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((candidate) => existsSync(candidate))

/** Headers nginx writes itself, or that describe one connection or one response. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-type', 'server'])

export interface StaticSite {
  /** The bytes served at /payload */
  body: Buffer
  /** The headers the BFF answered with, sent again as they were (add_header ... always) */
  headers: Record<string, string>
}

export interface NginxOptions {
  /** Worker processes: 1 by default, as one BFF process is one thread of JavaScript */
  workers?: number
  static?: { port: number; site: StaticSite }
  balancer?: { port: number; upstreams: string[] }
  /** A plain proxy to one upstream, the path's prefix taken off (as the BFF's /api proxy does) */
  proxy?: { port: number; upstream: string; stripPrefix: string }
}

export interface NginxPeer {
  pid: number | undefined
  /** Every nginx process (master and workers), for resident memory */
  pids(): Promise<number[]>
  stop(): Promise<void>
}

/** nginx's config language quotes with '' and escapes with a backslash. */
const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

/**
 * A server answering the payload from a file under the prefix's www/, with
 * the BFF's headers as it sent them: the same bytes on the wire but nginx's
 * Last-Modified and Accept-Ranges. Everything else it inherits from the http
 * block it is placed in.
 */
function staticServer(prefix: string, port: number, site: StaticSite): string[] {
  const type = site.headers['content-type'] ?? 'application/octet-stream'
  return [
    '  server {',
    `    listen 127.0.0.1:${port};`,
    '    etag off;',
    '    location = /payload {',
    `      root ${path.join(prefix, 'www')};`,
    '      types { }',
    `      default_type ${quote(type)};`,
    ...Object.entries(site.headers)
      .filter(([name]) => !OWN_HEADERS.has(name))
      .map(([name, value]) => `      add_header ${quote(name)} ${quote(value)} always;`),
    '    }',
    '  }',
  ]
}

export function nginxConfig(prefix: string, options: NginxOptions): string {
  const lines = [
    `worker_processes ${options.workers ?? 1};`,
    `pid ${path.join(prefix, 'nginx.pid')};`,
    `error_log ${path.join(prefix, 'error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    '  access_log off;',
    '  server_tokens off;',
    '  keepalive_requests 1000000;',
    // Debian's compiled-in temp paths are under /var/lib/nginx: the scratch prefix instead.
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${path.join(prefix, `${kind}-temp`)};`),
  ]
  if (options.static) lines.push(...staticServer(prefix, options.static.port, options.static.site))
  if (options.balancer) {
    const { port, upstreams } = options.balancer
    lines.push(
      '  upstream bff {',
      ...upstreams.map((url) => `    server ${new URL(url).host};`),
      '    keepalive 64;',
      '  }',
      '  server {',
      `    listen 127.0.0.1:${port};`,
      '    location / {',
      '      proxy_pass http://bff;',
      '      proxy_http_version 1.1;',
      '      proxy_set_header Connection "";',
      '      proxy_set_header Host $host;',
      '      proxy_set_header X-Forwarded-For $remote_addr;',
      '      proxy_set_header X-Forwarded-Proto $scheme;',
      '      proxy_buffering on;',
      '    }',
      '  }',
    )
  }
  if (options.proxy) {
    const { port, upstream, stripPrefix } = options.proxy
    lines.push(
      '  upstream core {',
      `    server ${new URL(upstream).host};`,
      '    keepalive 64;',
      '  }',
      '  server {',
      `    listen 127.0.0.1:${port};`,
      `    location ${stripPrefix}/ {`,
      // The URI part of proxy_pass replaces the location's prefix.
      '      proxy_pass http://core/;',
      '      proxy_http_version 1.1;',
      '      proxy_set_header Connection "";',
      '      proxy_set_header X-Forwarded-For $remote_addr;',
      '    }',
      '  }',
    )
  }
  lines.push('}')
  return `${lines.join('\n')}\n`
}

/** Until the port takes a connection (nginx answers / with a 404 on the static server: a TCP connection says enough). */
async function waitForPort(port: number, child: ChildProcess, prefix: string): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited ${child.exitCode}: ${await readFile(path.join(prefix, 'error.log'), 'utf8').catch(() => '')}`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`nginx did not listen on ${port}: ${await readFile(path.join(prefix, 'error.log'), 'utf8').catch(() => '')}`)
}

/** A scratch prefix nginx's workers can enter. */
async function scratchPrefix(): Promise<string> {
  const prefix = await mkdtemp(path.join(tmpdir(), 'rpt-bench-nginx-'))
  // Started as root, nginx's workers drop to an unprivileged user: mkdtemp's 0700 would answer every request 403.
  await chmod(prefix, 0o755)
  return prefix
}

export async function startNginx(options: NginxOptions): Promise<NginxPeer> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install -y nginx-light)')
  const prefix = await scratchPrefix()
  await mkdir(path.join(prefix, 'www'), { recursive: true, mode: 0o755 })
  if (options.static) await writeFile(path.join(prefix, 'www', 'payload'), options.static.site.body, { mode: 0o644 })
  const ports = [options.static?.port, options.balancer?.port, options.proxy?.port].filter((port): port is number => port !== undefined)
  return launch(prefix, nginxConfig(prefix, options), ports)
}

/**
 * deploy/nginx/nginx.conf.template as the multi-instance test renders it (one
 * worker, loopback ports), in front of the given BFFs. With staticSite, one
 * more server in its http block answers those bytes from a file at /payload:
 * nginx serving the same answer as a static file with everything else equal
 * (its access log, request ids, open_file_cache, sendfile, keep-alive, the
 * worker), so the two differ by how the reference deployment finds the
 * answer: the page file the BFFs wrote (pageFiles.dir, their PAGE_FILES_DIR)
 * against a static file.
 */
export async function startReferenceNginx(
  ports: NginxPorts,
  staticSite?: { port: number; site: StaticSite },
  pageFiles?: PageFilesOptions,
): Promise<NginxPeer> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install -y nginx-light)')
  const prefix = await scratchPrefix()
  await mkdir(path.join(prefix, 'temp'), { recursive: true })
  let config = await renderConfig(prefix, ports, pageFiles)
  if (staticSite) {
    await mkdir(path.join(prefix, 'www'), { recursive: true, mode: 0o755 })
    await writeFile(path.join(prefix, 'www', 'payload'), staticSite.site.body, { mode: 0o644 })
    const end = config.lastIndexOf('}')
    config = `${config.slice(0, end)}${staticServer(prefix, staticSite.port, staticSite.site).join('\n')}\n${config.slice(end)}`
  }
  return launch(prefix, config, [ports.site, ports.core, ...(staticSite ? [staticSite.port] : [])])
}

async function launch(prefix: string, config: string, ports: number[]): Promise<NginxPeer> {
  const conf = path.join(prefix, 'nginx.conf')
  await writeFile(conf, config)
  // -e: the error log before the config is read (Debian's default is under /var/log).
  const child = spawn(NGINX!, ['-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    for (const port of ports) await waitForPort(port, child, prefix)
  } catch (error) {
    // Never left running behind a bench that failed to start it.
    if (child.exitCode === null) child.kill('SIGTERM')
    await rm(prefix, { recursive: true, force: true })
    throw error
  }
  return {
    pid: child.pid,
    async pids() {
      const children = await readFile(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').catch(() => '')
      return [child.pid!, ...children.trim().split(/\s+/).filter(Boolean).map(Number)]
    },
    async stop() {
      if (child.exitCode === null) {
        // QUIT: graceful; TERM: fast. Either ends the workers with the master.
        child.kill('SIGTERM')
        await new Promise((resolve) => child.once('exit', resolve))
      }
      await rm(prefix, { recursive: true, force: true })
    },
  }
}
