import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { staffImportRoutes } from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { ok } from '../../../platform/http/envelope.ts'
import { MAX_SHEET_BYTES, MAX_ZIP_BYTES } from './limits.ts'
import { present } from './store.ts'
import { staffOf } from '../../staff/index.ts'
import { serve } from '../../../platform/http/serve.ts'

// Bulk import: the multipart parts are spooled to a temporary
// folder as they arrive (the zip needs random access; nothing is held in
// memory), checked by the import service, then the folder is removed.

function tooLarge(): AppError {
  return new AppError('IMPORT_UPLOAD_TOO_LARGE')
}

/** Passes bytes on until `limit`, then fails the stream. */
function capped(limit: number): Transform {
  let seen = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length
      done(seen > limit ? tooLarge() : null, chunk)
    },
  })
}

async function spoolTo(file: Readable & { truncated?: boolean }, to: string, limit: number): Promise<string> {
  await pipeline(file, capped(limit), createWriteStream(to))
  if (file.truncated) throw tooLarge()
  return to
}

interface ImportForm {
  sheetFile?: string
  zipFile?: string
  dryRun: boolean
}

async function readForm(request: FastifyRequest, spool: string): Promise<ImportForm> {
  if (!request.isMultipart()) throw new AppError('IMPORT_BAD_FORM')
  const form: ImportForm = { dryRun: false }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && !form.sheetFile)
          form.sheetFile = await spoolTo(part.file, path.join(spool, 'sheet'), MAX_SHEET_BYTES)
        else if (part.fieldname === 'files' && !form.zipFile)
          form.zipFile = await spoolTo(part.file, path.join(spool, 'files.zip'), MAX_ZIP_BYTES)
        else throw new AppError('IMPORT_BAD_FORM')
      } else if (part.fieldname === 'dryRun') form.dryRun = /^(true|1|yes|on)$/i.test(String(part.value))
      else if (part.fieldname !== 'lang') throw new AppError('IMPORT_BAD_FORM')
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
    if (typeof code === 'string' && code.startsWith('FST_')) throw new AppError('IMPORT_BAD_FORM')
    throw error
  }
  return form
}

export default async function staffImports(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { files: 2, fields: 4, parts: 6, fieldSize: 100, fileSize: MAX_ZIP_BYTES },
  })
  await app.register(
    serve(staffImportRoutes, (app) => ({
      create: async (request) => {
        const staff = staffOf(request)
        const spool = await mkdtemp(path.join(tmpdir(), 'rpt-upload-'))
        try {
          const form = await readForm(request, spool)
          if (!form.sheetFile) throw new AppError('IMPORT_SHEET_REQUIRED')
          const record = await app.staffImports.start({
            actor: { id: staff.id, name: staff.name, role: staff.role, ip: request.ip },
            sheetFile: form.sheetFile,
            zipFile: form.zipFile,
            dryRun: form.dryRun,
          })
          return ok(request.lang, present(record, request.lang))
        } finally {
          await rm(spool, { recursive: true, force: true })
        }
      },
      get: async (request) => {
        const record = await app.staffImports.store.get(request.params.id)
        if (!record) throw new AppError('IMPORT_NOT_FOUND')
        return ok(request.lang, present(record, request.lang))
      },
    })),
  )
}
