import { connect, type Socket } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { drain, drainHooks } from '../src/drain.ts'

// A balancer's view of a shutdown, on real sockets: kept-alive connections,
// one request in flight, and new connections.

interface Answer {
  status: number
  headers: Record<string, string>
  body: string
}

/** A kept-alive HTTP/1.1 connection that sends one request at a time and parses the answers. */
class Connection {
  private buffer = ''
  private waiting?: (answer: Answer) => void
  readonly closed: Promise<number>

  constructor(readonly socket: Socket) {
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      this.buffer += chunk
      this.parse()
    })
    socket.on('error', () => {})
    this.closed = new Promise((resolve) => socket.once('close', () => resolve(Date.now())))
  }

  static open(port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new Connection(socket)))
      socket.once('error', reject)
    })
  }

  get(path: string): Promise<Answer> {
    return new Promise((resolve) => {
      this.waiting = resolve
      this.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`)
    })
  }

  private parse() {
    const end = this.buffer.indexOf('\r\n\r\n')
    if (end < 0 || !this.waiting) return
    const [statusLine = '', ...lines] = this.buffer.slice(0, end).split('\r\n')
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    )
    const length = Number(headers['content-length'] ?? 0)
    if (this.buffer.length < end + 4 + length) return
    const body = this.buffer.slice(end + 4, end + 4 + length)
    this.buffer = this.buffer.slice(end + 4 + length)
    const resolve = this.waiting
    this.waiting = undefined
    resolve({ status: Number(statusLine.split(' ')[1]), headers, body })
  }
}

let app: FastifyInstance | undefined

afterEach(async () => {
  await app?.close()
  app = undefined
})

describe('drain', () => {
  it('fails readiness, refuses new connections, serves kept-alive ones once more with Connection: close, closes the idle ones at the end, and lets the request in flight finish', async () => {
    app = Fastify()
    await app.register(drainHooks)
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    app.get('/ready', async (_request, reply) => (app!.drain.draining ? reply.code(503).send({ ready: false }) : { ready: true }))
    app.get('/slow', async () => {
      await held
      return { slow: true }
    })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const port = (app.server.address() as { port: number }).port

    const kept = await Connection.open(port)
    const idle = await Connection.open(port)
    const busy = await Connection.open(port)
    for (const connection of [kept, idle]) {
      const answer = await connection.get('/ready')
      expect(answer.status).toBe(200)
      expect(answer.headers.connection).toBe('keep-alive')
    }
    const slow = busy.get('/slow')

    const drainMs = 800
    const started = Date.now()
    const drained = drain(app, drainMs)

    // New connections are refused from the first moment: the balancer passes the request on.
    await expect(Connection.open(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    // A request on a kept-alive connection is served (readiness, now failing) and its connection closed after the answer.
    const late = await kept.get('/ready')
    expect(late.status).toBe(503)
    expect(late.headers.connection).toBe('close')
    expect((await kept.closed) - started).toBeLessThan(drainMs)

    // The idle connection is closed when the drain period ends, not before.
    const idleClosedAt = await idle.closed
    expect(idleClosedAt - started).toBeGreaterThanOrEqual(drainMs - 50)
    await drained

    // The request in flight finishes, then the server closes.
    release()
    const answer = await slow
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toEqual({ slow: true })
    expect(answer.headers.connection).toBe('close')
    await app.close()
    app = undefined
  })

  it('ends as soon as the last connection has gone', async () => {
    app = Fastify()
    await app.register(drainHooks)
    app.get('/ready', async () => ({ ready: !app!.drain.draining }))
    await app.listen({ host: '127.0.0.1', port: 0 })
    const port = (app.server.address() as { port: number }).port
    const kept = await Connection.open(port)
    await kept.get('/ready')
    const started = Date.now()
    const drained = drain(app, 10_000)
    expect(JSON.parse((await kept.get('/ready')).body)).toEqual({ ready: false })
    await drained
    expect(Date.now() - started).toBeLessThan(2000)
  })
})
