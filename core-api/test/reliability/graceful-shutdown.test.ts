import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { connect, createServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../src/platform/paths.ts'

// SIGTERM is how a deploy stops the API. A request that is half-way through
// must still get its answer and its row, the pool must close, the process
// must exit 0, and the database left behind must open cleanly. The data
// lives on disk here (not in memory) so the last point can be checked.
const children: ChildProcess[] = []
let dataDir = ''

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

async function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'core-api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      CORE_HOST: '127.0.0.1',
      CORE_PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_PG_MEMORY: 'false',
      AUTO_SEED: 'false',
      RECONCILE_INTERVAL_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  // 'close', not 'exit': only then has the last of its output been read.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  )
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`)
    const up = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) break
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { child, exited, output: () => output }
}

/** A raw HTTP request whose body is sent in two parts, so it is in flight for as long as we like. */
function slowRequest(port: number, body: string) {
  const socket: Socket = connect(port, '127.0.0.1')
  let response = ''
  socket.on('data', (chunk) => {
    response += chunk.toString()
  })
  const done = new Promise<string>((resolve, reject) => {
    socket.on('end', () => resolve(response))
    socket.on('close', () => resolve(response))
    socket.on('error', reject)
  })
  const bytes = Buffer.from(body)
  const half = Math.floor(bytes.length / 2)
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  return {
    async start() {
      await connected
      socket.write(
        `POST /basedata/customerInfo/save HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`,
      )
      socket.write(bytes.subarray(0, half))
    },
    finish() {
      socket.write(bytes.subarray(half))
    },
    done,
  }
}

describe('SIGTERM', () => {
  it('finishes the request in flight, refuses new ones, closes the pool, exits 0 and leaves a sound database', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'rpt-shutdown-'))
    const port = await freePort()
    const server = await startServer(port)

    const marker = `shutdown-${Date.now()}`
    const request = slowRequest(
      port,
      JSON.stringify({
        lang: 'en-US',
        type: '2',
        companyName: 'Acme',
        addr: 'Buyer',
        email: 'buyer@example.com',
        contact: '13912345678',
        name: 'Li',
        demand: `${marker} ${'x'.repeat(1500)}`,
      }),
    )
    await request.start()
    await new Promise((resolve) => setTimeout(resolve, 200))
    server.child.kill('SIGTERM')

    // Draining: the in-flight request holds the process open, a new connection is refused, and
    // readiness fails on a connection kept alive from before (answered, then closed: server-kit's drain).
    const deadline = Date.now() + 5000
    while (!server.output().includes('shutting down') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(server.output()).toContain('shutting down')
    expect(server.child.exitCode).toBeNull()
    const fresh = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy()
        resolve('accepted')
      })
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
    })
    expect(fresh).toBe('ECONNREFUSED')
    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
      (r) => ({ status: r.status, connection: r.headers.get('connection') }),
      () => 'refused',
    )
    expect([{ status: 503, connection: 'close' }, 'refused']).toContainEqual(ready)

    request.finish()
    const response = await request.done
    expect(response.slice(0, 400)).toMatch(/^HTTP\/1\.1 200/)
    const id = JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)).data.id as string

    const { code, signal } = await server.exited
    expect({ code, signal }).toEqual({ code: 0, signal: null })
    expect(server.output()).not.toMatch(/"level":(50|60)/)

    // The row is there, whole, and the database opens without recovery trouble.
    const { PGlite } = await import('@electric-sql/pglite')
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } })
    try {
      const result = await db.query<{ demand: string }>('SELECT demand FROM customer_info WHERE id = $1', [id])
      expect(result.rows).toHaveLength(1)
      expect(result.rows[0]!.demand.startsWith(marker)).toBe(true)
      expect(result.rows[0]!.demand.length).toBe(marker.length + 1 + 1500)
    } finally {
      await db.close()
    }
  }, 120_000)
})
