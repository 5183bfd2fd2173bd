// Child processes with their output kept twice: whole in a log file under
// test-artifacts/multi-instance/logs, and the last lines in memory so a
// failing step can show them.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process'
import { createWriteStream, type WriteStream } from 'node:fs'
import path from 'node:path'
import { LOG_DIR } from './paths.ts'

const TAIL_LINES = 400

// Should the test process end without its afterAll (killed, a crash), take the children along.
const live = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL')
})

export class Child {
  readonly process: ChildProcess
  readonly logFile: string
  private readonly lines: string[] = []
  private partial = ''
  private readonly log: WriteStream
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>

  constructor(
    readonly name: string,
    command: string,
    args: string[],
    options: SpawnOptions,
  ) {
    this.logFile = path.join(LOG_DIR, `${name}.log`)
    this.log = createWriteStream(this.logFile)
    this.process = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    live.add(this.process)
    this.process.once('exit', () => live.delete(this.process))
    const collect = (chunk: Buffer) => {
      this.log.write(chunk)
      const text = this.partial + chunk.toString('utf8')
      const parts = text.split('\n')
      this.partial = parts.pop() ?? ''
      for (const line of parts) this.push(line)
    }
    this.process.stdout?.on('data', collect)
    this.process.stderr?.on('data', collect)
    this.exited = new Promise((resolve) => {
      this.process.once('exit', (code, signal) => resolve({ code, signal }))
      this.process.once('error', (error) => {
        this.push(`[spawn error] ${error.message}`)
        resolve({ code: -1, signal: null })
      })
    })
  }

  private push(line: string) {
    this.lines.push(line)
    if (this.lines.length > TAIL_LINES) this.lines.splice(0, this.lines.length - TAIL_LINES)
  }

  get pid(): number | undefined {
    return this.process.pid
  }

  get running(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null
  }

  /** How it ended, for messages: "running", "exit 1", "SIGKILL". */
  get state(): string {
    if (this.running) return 'running'
    return this.process.signalCode ?? `exit ${this.process.exitCode}`
  }

  /** Every line it has written so far (from the log file's in-memory tail). */
  output(): string[] {
    return this.partial ? [...this.lines, this.partial] : [...this.lines]
  }

  tail(count = 40): string {
    const lines = this.output().slice(-count)
    return `----- ${this.name} (pid ${this.pid}, ${this.state}; whole log ${this.logFile}), last ${lines.length} lines -----\n${lines.join('\n')}`
  }

  /** SIGTERM, then SIGKILL after graceMs. */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.running) return
    const killer = setTimeout(() => this.process.kill('SIGKILL'), graceMs)
    this.process.kill('SIGTERM')
    await this.exited
    clearTimeout(killer)
    await new Promise<void>((resolve) => this.log.end(resolve))
  }

  async kill(): Promise<void> {
    if (this.running) this.process.kill('SIGKILL')
    await this.exited
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls check until it returns a value (not undefined), or throws what describe() says at the deadline. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  options: { timeoutMs: number; intervalMs?: number; describe: () => string | Promise<string> },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(await options.describe())
    await sleep(options.intervalMs ?? 250)
  }
}

export interface Probe {
  status: number
  body: string
}

/** GET url; undefined when nothing answers (refused, reset, timeout). */
export async function probe(url: string, timeoutMs = 2000): Promise<Probe | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } })
    return { status: response.status, body: await response.text() }
  } catch {
    return undefined
  }
}

/**
 * Waits for a health endpoint of a child to answer 200. Fails at once when
 * the child exits, or when the endpoint answers 404 (not there: a feature the
 * product lacks), naming it; otherwise at the deadline with the last answer.
 */
export async function waitHealthy(child: Child, url: string, timeoutMs: number, feature: string): Promise<void> {
  let last = 'no answer'
  await waitFor(
    async () => {
      if (!child.running)
        throw new Error(`${child.name} ended (${child.state}) before ${url} answered 200 (last: ${last})\n${child.tail()}`)
      const answer = await probe(url)
      if (!answer) return undefined
      last = `${answer.status} ${answer.body.slice(0, 300)}`
      if (answer.status === 404) throw new Error(`${child.name}: ${url} answers 404: ${feature} is missing (${last})`)
      return answer.status === 200 ? true : undefined
    },
    {
      timeoutMs,
      intervalMs: 250,
      describe: () => `${child.name}: ${url} did not answer 200 within ${timeoutMs / 1000} s (last: ${last})\n${child.tail()}`,
    },
  )
}
