// The whole multi-instance deployment on loopback, started from nothing and
// torn down completely: s3rver, an SMTP sink, a fresh PostgreSQL database,
// nginx from deploy/nginx, the payment sandbox, two core APIs started at the
// same moment on the empty database with its merchant settings, then two
// BFFs. Settings follow deploy/env/*.env.
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { loadKeys, merchantEnv } from '@rpt/payment-sandbox'
import { Nginx, pageFilesDir } from './nginx.ts'
import { LOG_DIR, REPO_ROOT } from './paths.ts'
import { freePort } from '../../../scripts/testkit/ports.ts'
import { CORE_API_NODE_FLAGS } from '../../../core-api/src/platform/node-flags.ts'
import { BFF_NODE_FLAGS } from '../../../bff/src/node-flags.ts'
import { withAllocatorEnv } from '../../../server-kit/src/allocator-env.ts'
import { Child, waitHealthy } from './processes.ts'
import { checkRedis, deleteKeys, REDIS_URL } from './redis.ts'
import { S3_CREDENTIALS, S3_REGION, S3Store } from './s3.ts'
import { SmtpSink } from './smtp-sink.ts'
import { TestDatabase } from './postgres.ts'

export const CAPTCHA_CODE = 'e2e0'
/** The operator's token the BFFs accept (a purge through the site, as an operator would) */
export const OPS_TOKEN = `mi-ops-${randomBytes(12).toString('hex')}`
export const BUCKET = 'rpt-multi-instance'
const INSTANCES = 2

export interface Instance {
  name: string
  port: number
  address: string
  child: Child
  dataDir: string
}

/** Settings a developer's shell may hold that must not leak into the instances. */
const FOREIGN = [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'CACHE_STORE',
  'OPS_TOKEN',
  'OPS_TOKENS',
  'FILE_STORE',
  'S3_ENDPOINT',
  'AWS_PROFILE',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_REGION',
  'DATA_DIR',
  'PORT',
  'HOST',
  'CORE_PORT',
  'CORE_HOST',
  'CORE_API_URL',
  'SITE_URL',
  'TRUST_PROXY',
  'TRUSTED_ORIGINS',
  'REDIS_KEY_PREFIX',
  'EMBEDDED_PG_MEMORY',
  'PAYMENT_NOTIFY_URL',
  'NODE_OPTIONS',
  'SANDBOX_PORT',
  'SANDBOX_PUBLIC_URL',
  'SANDBOX_DATA_DIR',
  'SANDBOX_PAY_BACK_URL',
]

function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const key of FOREIGN) delete env[key]
  return env
}

export class Stack {
  readonly runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
  readonly cores: Instance[] = []
  readonly bffs: Instance[] = []
  readonly timings: Record<string, number> = {}
  workDir = ''
  s3?: S3Store
  smtp?: SmtpSink
  db?: TestDatabase
  nginx?: Nginx
  sitePort = 0
  coreLbPort = 0
  sandboxPort = 0
  /** The payment sandbox: the gateway both core APIs are merchants of */
  sandbox?: Child
  gatewaySettings: Record<string, string> = {}
  readonly redisPrefix = `rpt:multi-instance:${this.runId}:`
  readonly filePrefix = `run-${this.runId}`
  private readonly generations = new Map<string, number>()

  get siteUrl(): string {
    return `http://127.0.0.1:${this.sitePort}`
  }

  get sandboxUrl(): string {
    return `http://127.0.0.1:${this.sandboxPort}`
  }

  get coreLbUrl(): string {
    return `http://127.0.0.1:${this.coreLbPort}`
  }

  /** "127.0.0.1:port" → core-1, bff-2 ... */
  nameOf(address: string): string {
    return [...this.cores, ...this.bffs].find((i) => i.address === address)?.name ?? address
  }

  children(): Child[] {
    const children = [...this.bffs, ...this.cores].map((i) => i.child).filter((child): child is Child => child !== undefined)
    if (this.sandbox) children.push(this.sandbox)
    return this.nginx ? [...children, this.nginx.child] : children
  }

  async start(): Promise<void> {
    const t0 = Date.now()
    const lap = (name: string, since: number) => {
      this.timings[name] = Date.now() - since
    }
    await rm(LOG_DIR, { recursive: true, force: true })
    await mkdir(LOG_DIR, { recursive: true })
    this.workDir = await mkdtemp(path.join(os.tmpdir(), 'rpt-multi-instance-'))

    let t = Date.now()
    await checkRedis()
    this.s3 = await S3Store.start(path.join(this.workDir, 's3'), BUCKET)
    this.smtp = await SmtpSink.start()
    this.db = await TestDatabase.create(`rpt_mi_${this.runId}`)
    lap('services', t)

    this.sitePort = await freePort()
    this.coreLbPort = await freePort()
    for (let i = 1; i <= INSTANCES; i++) {
      const corePort = await freePort()
      this.cores.push({
        name: `core-${i}`,
        port: corePort,
        address: `127.0.0.1:${corePort}`,
        child: undefined as never,
        dataDir: path.join(this.workDir, `core-${i}`),
      })
      const bffPort = await freePort()
      this.bffs.push({ name: `bff-${i}`, port: bffPort, address: `127.0.0.1:${bffPort}`, child: undefined as never, dataDir: '' })
    }

    t = Date.now()
    this.nginx = await Nginx.start(path.join(this.workDir, 'nginx'), {
      site: this.sitePort,
      core: this.coreLbPort,
      bffs: this.bffs.map((b) => b.port),
      cores: this.cores.map((c) => c.port),
    })
    lap('nginx', t)

    // The payment gateway first: the core APIs are configured as its merchant, as for a real one.
    t = Date.now()
    this.sandboxPort = await freePort()
    const sandboxDir = path.join(this.workDir, 'payment-sandbox')
    const gateways = merchantEnv(loadKeys(sandboxDir), this.sandboxUrl)
    this.gatewaySettings = { ...gateways.alipay, ...gateways.wechatpay }
    this.sandbox = new Child('payment-sandbox', process.execPath, ['--import', 'tsx', 'sandbox/src/server.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...baseEnv(),
        LOG_LEVEL: 'info',
        SANDBOX_PORT: String(this.sandboxPort),
        SANDBOX_DATA_DIR: sandboxDir,
        SANDBOX_PAY_BACK_URL: `${this.siteUrl}/personalCenter/payBack?orderNo={orderNo}`,
      },
    })
    await waitHealthy(this.sandbox, `${this.sandboxUrl}/health`, 60_000, 'the payment sandbox (GET /health)')
    lap('payment sandbox', t)

    // Both core APIs at the same moment, on the empty database: one migrates
    // and seeds, the other waits for it.
    t = Date.now()
    for (const core of this.cores) {
      await mkdir(core.dataDir, { recursive: true })
      this.spawn(core)
    }
    // Seeding renders the sample PDFs: minutes on a busy 2-core machine.
    await Promise.all(this.cores.map((core) => this.waitHealthy(core, 210_000)))
    lap('cores ready', t)

    t = Date.now()
    for (const bff of this.bffs) this.spawn(bff)
    await Promise.all(this.bffs.map((bff) => this.waitHealthy(bff, 90_000)))
    lap('bffs ready', t)
    lap('stack up', t0)
  }

  private isCore(instance: Instance): boolean {
    return this.cores.includes(instance)
  }

  /** Starts an instance's process; a later start of the same instance logs to name.2.log, name.3.log ... */
  private spawn(instance: Instance): void {
    const generation = (this.generations.get(instance.name) ?? 0) + 1
    this.generations.set(instance.name, generation)
    const name = generation === 1 ? instance.name : `${instance.name}.${generation}`
    instance.child = this.isCore(instance)
      ? new Child(name, process.execPath, [...CORE_API_NODE_FLAGS, '--import', 'tsx', 'core-api/src/server.ts'], {
          cwd: REPO_ROOT,
          env: withAllocatorEnv(this.coreEnv(instance)),
        })
      : new Child(name, process.execPath, [...BFF_NODE_FLAGS, '--import', 'tsx', 'bff/src/server.ts'], {
          cwd: REPO_ROOT,
          env: withAllocatorEnv(this.bffEnv(instance)),
        })
  }

  private async waitHealthy(instance: Instance, timeoutMs: number): Promise<void> {
    if (this.isCore(instance)) {
      await waitHealthy(
        instance.child,
        `http://${instance.address}/health/live`,
        timeoutMs,
        'the core API liveness endpoint (GET /health/live)',
      )
      await waitHealthy(
        instance.child,
        `http://${instance.address}/health/ready`,
        timeoutMs,
        'the core API readiness endpoint (GET /health/ready)',
      )
    } else {
      await waitHealthy(
        instance.child,
        `http://${instance.address}/bff/health/live`,
        timeoutMs,
        'the BFF liveness endpoint (GET /bff/health/live)',
      )
      await waitHealthy(
        instance.child,
        `http://${instance.address}/bff/health/ready`,
        timeoutMs,
        'the BFF readiness endpoint (GET /bff/health/ready)',
      )
    }
  }

  /**
   * A rolling restart's turn: SIGTERM (the instance drains and exits by
   * itself), started again with the same settings, waited healthy. Answers
   * how the old process ended and how long each half took.
   */
  async restart(
    instance: Instance,
  ): Promise<{ exit: { code: number | null; signal: NodeJS.Signals | null }; stopMs: number; startMs: number }> {
    const old = instance.child
    const t0 = Date.now()
    await old.stop(60_000)
    const exit = await old.exited
    const t1 = Date.now()
    this.spawn(instance)
    await this.waitHealthy(instance, 120_000)
    return { exit, stopMs: t1 - t0, startMs: Date.now() - t1 }
  }

  coreEnv(core: Instance): NodeJS.ProcessEnv {
    return { ...baseEnv(), ...this.coreSettings(core) }
  }

  /** What a core API instance is given (deploy/env/core-api.env documents each). */
  coreSettings(core: Instance): Record<string, string> {
    return {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      CORE_HOST: '127.0.0.1',
      CORE_PORT: String(core.port),
      DATABASE_URL: this.db!.url,
      DATABASE_POOL_MAX: '5',
      AUTO_MIGRATE: 'true',
      AUTO_SEED: 'true',
      DATA_DIR: core.dataDir,
      TRUST_PROXY: 'loopback',
      SITE_URL: this.siteUrl,
      CAPTCHA_TEST_CODE: CAPTCHA_CODE,
      FILE_STORE: `s3://${BUCKET}/${this.filePrefix}`,
      S3_ENDPOINT: this.s3!.endpoint,
      AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      AWS_REGION: S3_REGION,
      SMTP_URL: this.smtp!.url,
      MAIL_FROM: 'Multi-instance test <no-reply@multi-instance.test>',
      MAIL_RETRY_DELAY_SECONDS: '1',
      JOB_POLL_INTERVAL_SECONDS: '0.5',
      RECONCILE_INTERVAL_SECONDS: '5',
      ...this.gatewaySettings,
    }
  }

  bffEnv(bff: Instance): NodeJS.ProcessEnv {
    return { ...baseEnv(), ...this.bffSettings(bff) }
  }

  /** What a BFF instance is given (deploy/env/bff.env documents each). */
  bffSettings(bff: Instance): Record<string, string> {
    return {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(bff.port),
      CORE_API_URL: this.coreLbUrl,
      REDIS_URL,
      CACHE_STORE: 'redis',
      REDIS_KEY_PREFIX: this.redisPrefix,
      TRUST_PROXY: 'loopback',
      SITE_URL: this.siteUrl,
      TRUSTED_ORIGINS: this.siteUrl,
      OPS_TOKEN,
      // nginx serves anonymous payloads from the files the BFFs write here (docs/caching.md, "Page files").
      PAGE_FILES_DIR: pageFilesDir(path.join(this.workDir, 'nginx')),
    }
  }

  /** The last lines of every process and of nginx's error log, for a failure message. */
  async diagnostics(lines = 60): Promise<string> {
    const parts = this.children().map((child) => child.tail(lines))
    if (this.nginx) parts.push(`----- nginx error.log -----\n${(await this.nginx.errorLog()).split('\n').slice(-lines).join('\n')}`)
    if (this.smtp) parts.push(`----- SMTP sink -----\n${this.smtp.summary()}`)
    return parts.join('\n')
  }

  /** Stops everything, whatever state it is in; answers what could not be cleaned. */
  async stop(): Promise<string[]> {
    const problems: string[] = []
    const attempt = async (what: string, action: () => Promise<unknown>) => {
      try {
        await action()
      } catch (error) {
        problems.push(`${what}: ${(error as Error).message}`)
      }
    }
    // The BFFs first, so nothing calls a core API that is going away.
    await Promise.all(this.bffs.filter((b) => b.child).map((b) => attempt(`stop ${b.name}`, () => b.child.stop())))
    await Promise.all(this.cores.filter((c) => c.child).map((c) => attempt(`stop ${c.name}`, () => c.child.stop())))
    if (this.sandbox) await attempt('stop the payment sandbox', () => this.sandbox!.stop())
    if (this.nginx) await attempt('stop nginx', () => this.nginx!.stop())
    if (this.smtp) await attempt('stop the SMTP sink', () => this.smtp!.stop())
    if (this.s3) await attempt('stop s3rver', () => this.s3!.stop())
    if (this.db) await attempt(`drop database ${this.db.name}`, () => this.db!.drop())
    await attempt(`delete Redis keys ${this.redisPrefix}*`, () => deleteKeys(this.redisPrefix))
    if (this.workDir) await attempt(`remove ${this.workDir}`, () => rm(this.workDir, { recursive: true, force: true }))
    return problems
  }
}
