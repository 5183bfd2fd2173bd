// The embedded database's own process: PGlite with pg_trgm, served on a
// loopback port. Started by database.ts with fork(); it answers
// {port} over IPC once it listens and stops (closing PGlite cleanly) when
// asked to, or when its parent goes away.
//
// Why a process of its own: PGlite's WebAssembly heap (shared buffers,
// catalogue caches, sort memory) grows with the catalogue and never shrinks,
// and would otherwise count against the core API's own memory and its
// garbage collector's pauses. Apart, the API process stays small and the
// database keeps its memory as a PostgreSQL server would.
import { mkdir } from 'node:fs/promises'
import path from 'node:path'

export interface EmbeddedServerMessage {
  ready?: { port: number }
  error?: string
}

async function main() {
  const dataDir = process.argv[2]
  if (!dataDir || !process.send) throw new Error('embedded-server.ts is started by database.ts, with the data folder as its argument')
  const [{ PGlite }, { pg_trgm }, { PGLiteSocketServer }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite-socket'),
  ])
  await mkdir(path.dirname(dataDir), { recursive: true })
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } })
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1' })
  await server.start()

  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      await server.stop().catch(() => undefined)
      // Closing flushes PGlite's data folder; a killed process could leave it needing recovery.
      await db.close().catch(() => undefined)
      process.disconnect?.()
      process.exit(0)
    })()
    return stopping
  }
  process.on('message', (message: unknown) => {
    if ((message as { stop?: boolean } | null)?.stop) void stop()
  })
  // The parent exited or crashed: nobody can use the database any more.
  process.on('disconnect', () => void stop())
  // A terminal's Ctrl-C reaches the whole process group; the parent decides
  // when the database stops (after its last query), not the signal.
  process.on('SIGINT', () => undefined)
  process.on('SIGTERM', () => undefined)

  const address = (server as unknown as { server: { address(): { port: number } } }).server.address()
  process.send({ ready: { port: address.port } } satisfies EmbeddedServerMessage)
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error)
  if (process.send) process.send({ error: message } satisfies EmbeddedServerMessage, () => process.exit(1))
  else {
    console.error(message)
    process.exit(1)
  }
})
