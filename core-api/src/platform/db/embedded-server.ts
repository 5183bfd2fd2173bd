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
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { embeddedStartParams, isRunning, lockFileOf, portFileOf, type EmbeddedOptions, type EmbeddedPortFile } from './embedded-options.ts'

export interface EmbeddedServerMessage {
  ready?: { port: number }
  error?: string
}

/**
 * Connections the socket serves at once: the API's own and a command-line
 * tool's (npm run staff while the site runs). PGlite is one session, so the
 * socket server queues their queries and keeps a transaction's statements
 * together; more connections add no speed.
 */
const MAX_CONNECTIONS = 4

/** How long to wait, by default, for another process to let go of the folder (an old instance still closing it). */
const LOCK_WAIT_MS = 30_000

/**
 * PGlite takes no lock on its folder, and two processes writing one folder
 * corrupt it (a seed run beside a running server, two instances on one
 * DATA_DIR, a restart while the old database is still closing). A pid file
 * created exclusively beside the folder is the lock; one whose process is
 * gone is taken over. Returns its release.
 */
async function lockDataDir(dataDir: string, waitMs: number): Promise<() => Promise<void>> {
  const lockFile = lockFileOf(dataDir)
  const deadline = Date.now() + waitMs
  for (;;) {
    try {
      const handle = await open(lockFile, 'wx')
      await handle.writeFile(String(process.pid))
      await handle.close()
      return () => rm(lockFile, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim())
    if (!Number.isInteger(holder) || holder <= 0 || !isRunning(holder)) {
      await rm(lockFile, { force: true })
      continue
    }
    if (Date.now() > deadline) {
      throw new Error(`the database folder ${dataDir} is in use by process ${holder} (${lockFile}); stop that process first`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

async function main() {
  const dataDir = process.argv[2]
  if (!dataDir || !process.send)
    throw new Error('embedded-server.ts is started by database.ts, with the data folder and its options as arguments')

  // Installed before anything opens, so a parent that goes away (or asks to
  // stop) while the folder is still opening is not missed: the database is
  // then closed as soon as it is open, never left to be killed half-written.
  const opened: { db?: { close(): Promise<void> }; server?: { stop(): Promise<void> }; release?: () => Promise<void> } = {}
  let stopRequested = false
  // While a step of the start is under way, a stop waits for it to finish:
  // exiting in the middle of PGlite.create could leave the folder half-written.
  let starting = true
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopRequested = true
    if (starting) return Promise.resolve()
    stopping ??= (async () => {
      await rm(portFileOf(dataDir), { force: true }).catch(() => undefined)
      await opened.server?.stop().catch(() => undefined)
      // Closing flushes PGlite's data folder; a killed process could leave it needing recovery.
      await opened.db?.close().catch(() => undefined)
      await opened.release?.().catch(() => undefined)
      if (process.connected) process.disconnect()
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

  const stopIfAsked = () => {
    if (!stopRequested) return false
    starting = false
    void stop()
    return true
  }
  await mkdir(path.dirname(dataDir), { recursive: true })
  const options = JSON.parse(process.argv[3] ?? '{}') as EmbeddedOptions
  const lockWait = options.lockWaitMs ?? LOCK_WAIT_MS
  opened.release = await lockDataDir(dataDir, Number.isFinite(lockWait) && lockWait >= 0 ? lockWait : LOCK_WAIT_MS)
  if (stopIfAsked()) return
  const [{ PGlite }, { pg_trgm }, { PGLiteSocketServer }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite-socket'),
  ])
  const pglite = await PGlite.create({
    dataDir,
    extensions: { pg_trgm },
    startParams: embeddedStartParams(PGlite.defaultStartParams, options),
  })
  opened.db = pglite
  if (stopIfAsked()) return
  const socketServer = new PGLiteSocketServer({ db: pglite, port: 0, host: '127.0.0.1', maxConnections: MAX_CONNECTIONS })
  opened.server = socketServer
  await socketServer.start()
  if (!process.connected) stopRequested = true
  if (stopIfAsked()) return
  starting = false

  const address = (socketServer as unknown as { server: { address(): { port: number } } }).server.address()
  // Written whole then renamed, so a reader never sees half of it; only this user may read it.
  const portFile = portFileOf(dataDir)
  await writeFile(`${portFile}.tmp`, JSON.stringify({ pid: process.pid, port: address.port } satisfies EmbeddedPortFile), { mode: 0o600 })
  await rename(`${portFile}.tmp`, portFile)
  process.send({ ready: { port: address.port } } satisfies EmbeddedServerMessage, (error: Error | null) => {
    if (error) void stop()
  })
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error)
  if (process.send) process.send({ error: message } satisfies EmbeddedServerMessage, () => process.exit(1))
  else {
    console.error(message)
    process.exit(1)
  }
})
