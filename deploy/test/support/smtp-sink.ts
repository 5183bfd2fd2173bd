// The SMTP server the core APIs deliver to (plain, no TLS, no auth). It
// records every accepted message whole, and can answer a temporary failure
// (451 at RCPT TO) to chosen recipients until told to accept them: the first
// delivery attempt to such a recipient always fails.
import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerAddress } from 'smtp-server'
import { parseMail, type ParsedMail } from '../../../scripts/testkit/mime.ts'

export interface Accepted extends ParsedMail {
  /** Envelope recipients */
  rcptTo: string[]
  at: number
}

export interface Refusal {
  recipient: string
  at: number
}

interface Policy {
  /** Accept again (after at least one refusal) */
  released: boolean
  refusals: number
}

export class SmtpSink {
  readonly accepted: Accepted[] = []
  readonly refusals: Refusal[] = []
  private readonly policies = new Map<string, Policy>()
  /** Open SMTP sessions that named a held recipient and have not closed yet */
  private readonly heldSessions = new Set<string>()
  private waiters: (() => void)[] = []

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static async start(): Promise<SmtpSink> {
    const server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      size: 20 * 1024 * 1024,
      onRcptTo(address: SMTPServerAddress, session, callback) {
        const recipient = address.address.toLowerCase()
        const policy = sink.policies.get(recipient)
        if (policy) sink.heldSessions.add(session.id)
        if (policy && (!policy.released || policy.refusals === 0)) {
          policy.refusals += 1
          sink.refusals.push({ recipient, at: Date.now() })
          sink.notify()
          const error = new Error('4.3.0 Temporary failure, try again later (test sink)') as Error & { responseCode: number }
          error.responseCode = 451
          callback(error)
          return
        }
        callback()
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8')
          sink.accepted.push({ ...parseMail(raw), rcptTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), at: Date.now() })
          sink.notify()
          callback()
        })
      },
      onClose(session) {
        sink.heldSessions.delete(session.id)
      },
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => resolve())
    })
    const { port } = server.server.address() as AddressInfo
    // The callbacks above read it: they run only for connections, which come after listen().
    const sink = new SmtpSink(server, port)
    return sink
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  /** Every delivery to recipient fails (451) until release(recipient); the first one fails in any case. */
  hold(recipient: string): void {
    this.policies.set(recipient.toLowerCase(), { released: false, refusals: 0 })
  }

  release(recipient: string): void {
    const policy = this.policies.get(recipient.toLowerCase())
    if (policy) policy.released = true
  }

  refusalsFor(recipient: string): Refusal[] {
    return this.refusals.filter((r) => r.recipient === recipient.toLowerCase())
  }

  /** Whether a session that named a held recipient is still open (an attempt in flight). */
  get attemptInFlight(): boolean {
    return this.heldSessions.size > 0
  }

  acceptedFor(recipient: string, matches: (mail: Accepted) => boolean = () => true): Accepted[] {
    return this.accepted.filter((mail) => mail.rcptTo.includes(recipient.toLowerCase()) && matches(mail))
  }

  /** Resolves when something was refused or accepted next (or after ms). */
  changed(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms)
      this.waiters.push(() => {
        clearTimeout(timer)
        resolve()
      })
    })
  }

  private notify() {
    const waiters = this.waiters
    this.waiters = []
    for (const wake of waiters) wake()
  }

  summary(): string {
    const accepted = this.accepted.map((m) => `accepted ${m.rcptTo.join(',')} "${m.subject}" ${m.messageId}`)
    const refused = this.refusals.map((r) => `refused ${r.recipient} at ${new Date(r.at).toISOString()}`)
    return [...refused, ...accepted].join('\n') || 'nothing received'
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}
