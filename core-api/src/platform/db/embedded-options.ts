// Shared by database.ts and the embedded database's own process, which must
// not load Sequelize or the models just to read its options.

/** What the embedded database is started with: in memory, or passed to its process as JSON. */
export interface EmbeddedOptions {
  /** How long to wait for another process to let go of the data folder */
  lockWaitMs?: number
  /** shared_buffers in MB (PGlite's own default is 128) */
  sharedBuffersMb?: number
}

/** PGlite's own start parameters, with the configured shared_buffers. */
export function embeddedStartParams(defaults: readonly string[], options: EmbeddedOptions): string[] {
  return options.sharedBuffersMb === undefined ? [...defaults] : [...defaults, '-c', `shared_buffers=${options.sharedBuffersMb}MB`]
}

/** Where a running database says its port, for a command-line tool to join it (cli-database.ts). */
export const portFileOf = (dataDir: string) => `${dataDir}.port`

/** The lock beside the folder: the pid of the process that has it open (embedded-server.ts). */
export const lockFileOf = (dataDir: string) => `${dataDir}.lock`

/** What the port file holds: the database process and its loopback port. */
export interface EmbeddedPortFile {
  pid: number
  port: number
}

/** Whether a process is alive (EPERM: it is, under another user): who holds the folder, who serves the port. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
