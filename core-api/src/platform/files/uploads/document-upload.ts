import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.ts'
import type { FileStore } from '../file-store.ts'
import { MAX_UPLOAD_BYTES } from './limits.ts'
import { receiveDocument, type StoredDocument } from './index.ts'
import { declaredLength, rawBodyOf, uploadFailure } from './raw-body.ts'

/**
 * A document (PDF or Word) sent as the raw request body, streamed to the
 * file store under keyPrefix, then recorded by `record` (a report edition's
 * file, an order's delivery). A refused record (an older version, an order
 * that changed meanwhile) deletes the stored bytes: they belong to no record.
 */
export async function storeUploadedDocument<T>(
  files: FileStore,
  request: FastifyRequest,
  upload: { name: string; keyPrefix: string },
  record: (stored: StoredDocument) => Promise<T>,
): Promise<T> {
  let stored: StoredDocument
  try {
    const source = rawBodyOf(request)
    if (!source) throw new AppError('UPLOAD_EMPTY')
    stored = await receiveDocument(files, source, {
      name: upload.name,
      maxBytes: request.routeOptions.bodyLimit ?? MAX_UPLOAD_BYTES,
      declaredBytes: declaredLength(request),
      keyPrefix: upload.keyPrefix,
    })
  } catch (error) {
    throw uploadFailure(request, error)
  }
  try {
    return await record(stored)
  } catch (error) {
    await files.delete(stored.key).catch((reason: unknown) => request.log.warn({ err: reason, key: stored.key }, 'orphan upload left'))
    throw error
  }
}
