import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { createServer, type AddressInfo, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ConfigOverrides } from '../../src/platform/config.ts'

// A real S3-protocol server (s3rver) on a free loopback port with one empty
// bucket, and two ways for a store to be down: a closed port and a server
// that accepts connections and never answers.

interface S3rverOptions {
  port: number
  address: string
  silent: boolean
  directory: string
  configureBuckets: { name: string }[]
}
interface S3rverInstance {
  run(): Promise<AddressInfo>
  close(): Promise<void>
}
// s3rver ships no types; this is the part the tests use.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverInstance

export const S3RVER_KEYS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' } as const

export interface RunningS3rver {
  endpoint: string
  bucket: string
  /** Directory where s3rver keeps the objects: <directory>/<bucket>/<key>._S3rver_object */
  directory: string
  /** Config overrides that point the core API at this server, under prefix */
  config(prefix?: string): ConfigOverrides
  stop(): Promise<void>
}

export async function startS3rver(bucket = 'rpt-files'): Promise<RunningS3rver> {
  const directory = await mkdtemp(path.join(tmpdir(), 'rpt-s3rver-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] })
  const address = await server.run()
  const endpoint = `http://127.0.0.1:${address.port}`
  let stopped = false
  return {
    endpoint,
    bucket,
    directory,
    config: (prefix = '') => ({ FILE_STORE: `s3://${bucket}${prefix ? `/${prefix}` : ''}`, S3_ENDPOINT: endpoint, ...S3RVER_KEYS }),
    async stop() {
      if (stopped) return
      stopped = true
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}

/** A loopback port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** A server that accepts connections and never answers: a hung store. */
export async function silentServer(): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
