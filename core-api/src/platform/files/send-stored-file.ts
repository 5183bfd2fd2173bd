import type { FastifyReply } from 'fastify'
import { AppError } from '../errors.ts'
import type { FileStore } from './file-store.ts'

/** Streams a stored file as the reply, with its length; a missing one is NOT_FOUND. Other store failures are the caller's to word. */
export async function sendStoredFile(
  files: FileStore,
  reply: unknown,
  key: string,
  headers: Record<string, string>,
): Promise<FastifyReply> {
  const stat = await files.stat(key)
  if (!stat) throw new AppError('NOT_FOUND')
  const body = await files.open(key)
  // The reply is typed for the route's declared answers; this one is a stream.
  return (reply as FastifyReply).headers({ ...headers, 'content-length': String(stat.size) }).send(body)
}
