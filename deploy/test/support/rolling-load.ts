// The load of the rolling-restart drill: browsing clients through the site
// (home payload, a report's payload, the reports list payload, the proxied
// pageList) and writers registering accounts through the internal balancer,
// each answer sorted by kind and by the phase of the drill it came in. An
// answer is good only when it is HTTP 200 with the envelope's code 200.
import { inspect } from 'node:util'
import { encryptCredential } from './site-client.ts'
import { sleep } from './processes.ts'

export type Kind = 'home' | 'report' | 'list' | 'pageList' | 'register'

export interface Failure {
  kind: Kind
  phase: string
  status: number
  code: number | undefined
  detail: string
}

interface Call {
  kind: Kind
  url: string
  init: RequestInit
}

export interface LoadOptions {
  siteUrl: string
  coreLbUrl: string
  report: { id: string; lang: string }
  browsers: number
  writers: number
  /** A field the answers must not carry (a column the drill's migration added) */
  foreignField: string
}

export class RollingLoad {
  phase = 'warm-up'
  readonly counts = new Map<string, number>()
  readonly failures: Failure[] = []
  /** loginCodes whose registration was answered code 200 */
  readonly acknowledged: string[] = []
  private running = false
  private workers: Promise<void>[] = []
  private serial = 0

  constructor(private readonly options: LoadOptions) {}

  private browse(): Call[] {
    const { siteUrl, report } = this.options
    const site = { origin: siteUrl, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' }
    return [
      { kind: 'home', url: `${siteUrl}/bff/pages/home?lang=zh-CN`, init: { headers: site } },
      { kind: 'report', url: `${siteUrl}/bff/pages/report?id=${report.id}&lang=${report.lang}`, init: { headers: site } },
      { kind: 'list', url: `${siteUrl}/bff/pages/reports?lang=en-US&pageNo=2`, init: { headers: site } },
      {
        kind: 'pageList',
        url: `${siteUrl}/api/report/researchReport/pageList`,
        init: {
          method: 'POST',
          headers: { ...site, 'content-type': 'application/json' },
          body: JSON.stringify({ pageNo: 1, pageSize: 10, lang: 'zh-CN' }),
        },
      },
    ]
  }

  private register(writer: number): { call: Call; loginCode: string } {
    const loginCode = `dr${writer}_${Date.now().toString(36)}${(this.serial++).toString(36)}`
    const password = encryptCredential('Drill1234pass')
    const body = {
      loginCode: encryptCredential(loginCode),
      password,
      confirmNewPassword: password,
      companyName: 'Drill Co',
      addr: 'Drill',
      email: `${loginCode}@drill.example.com`,
      contact: '13912345678',
      name: 'Drill Writer',
      lang: 'en-US',
    }
    return {
      loginCode,
      call: {
        kind: 'register',
        url: `${this.options.coreLbUrl}/report/websiteUser/register`,
        init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      },
    }
  }

  /** Sends one call; answers whether it was good, recording it either way. */
  private async send(call: Call): Promise<boolean> {
    const phase = this.phase
    let status = 0
    let code: number | undefined
    let detail = ''
    try {
      const response = await fetch(call.url, { ...call.init, signal: AbortSignal.timeout(30_000) })
      status = response.status
      const text = await response.text()
      detail = `${response.headers.get('content-type')} ${text.slice(0, 160)}`
      try {
        const parsed = JSON.parse(text) as { code?: unknown }
        code = typeof parsed.code === 'number' ? parsed.code : undefined
      } catch {
        // not JSON: a failure, its body in detail
      }
      if (text.includes(`"${this.options.foreignField}"`)) {
        code = undefined
        detail = `the answer carries ${this.options.foreignField}: ${detail}`
      }
    } catch (error) {
      const { cause } = error as { cause?: unknown }
      const why = cause instanceof Error ? String(cause) : cause === undefined ? '' : inspect(cause, { breakLength: Infinity })
      detail = `${(error as Error).name}: ${(error as Error).message} ${why}`
    }
    const good = status === 200 && code === 200
    const key = `${call.kind} ${good ? 'ok' : 'failed'}`
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1)
    this.counts.set(`${phase}: ${call.kind}`, (this.counts.get(`${phase}: ${call.kind}`) ?? 0) + 1)
    if (!good) this.failures.push({ kind: call.kind, phase, status, code, detail })
    return good
  }

  start(): void {
    this.running = true
    const calls = this.browse()
    for (let b = 0; b < this.options.browsers; b++) {
      this.workers.push(
        (async () => {
          for (let i = b; this.running; i++) {
            await this.send(calls[i % calls.length]!)
            // Room for the instances being started on a small machine.
            await sleep(20)
          }
        })(),
      )
    }
    for (let w = 0; w < this.options.writers; w++) {
      this.workers.push(
        (async () => {
          while (this.running) {
            const { call, loginCode } = this.register(w)
            if (await this.send(call)) this.acknowledged.push(loginCode)
            await sleep(100)
          }
        })(),
      )
    }
  }

  async stop(): Promise<void> {
    this.running = false
    await Promise.all(this.workers)
  }

  count(kind: Kind, outcome: 'ok' | 'failed'): number {
    return this.counts.get(`${kind} ${outcome}`) ?? 0
  }

  /** Answers per phase and kind, for the log. */
  summary(): string {
    return [...this.counts.entries()]
      .filter(([key]) => key.includes(':'))
      .map(([key, n]) => `${key} ${n}`)
      .join(', ')
  }
}
