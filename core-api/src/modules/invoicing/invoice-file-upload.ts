import type { FastifyRequest } from 'fastify'
import { AppError } from '../../platform/errors.ts'
import { receiveUpload } from '../../platform/files/uploads/index.ts'
import { declaredLength, rawBodyOf, uploadFailure } from '../../platform/files/uploads/raw-body.ts'
import { MemorySink } from '../../platform/files/uploads/sinks.ts'
import type { UploadedInvoiceFile } from './invoice-desk.ts'

// The file finance downloaded from the national platform: PDF, OFD (a zip
// of XML, GB/T 33190) or XML, told apart by its first bytes, never by its
// name or Content-Type. Invoices are small; the whole file is held, checked,
// then stored with its record.

export const MAX_INVOICE_FILE_BYTES = 20 * 1024 * 1024

export function invoiceFormatOf(sample: Buffer): UploadedInvoiceFile['format'] | undefined {
  if (sample.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf'
  if (sample.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) && sample.includes('OFD.xml')) return 'ofd'
  const text = sample
    .subarray(0, 200)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
  if (text.startsWith('<?xml') || /^<[A-Za-z]/.test(text)) return 'xml'
  return undefined
}

export async function receiveInvoiceFile(request: FastifyRequest): Promise<UploadedInvoiceFile> {
  const body = rawBodyOf(request)
  if (!body) throw new AppError('UPLOAD_EMPTY')
  const sink = new MemorySink()
  let format: UploadedInvoiceFile['format'] | undefined
  try {
    await receiveUpload(body, {
      maxBytes: MAX_INVOICE_FILE_BYTES,
      ...(declaredLength(request) === undefined ? {} : { declaredBytes: declaredLength(request)! }),
      sink,
      detect: (sample) => {
        format = invoiceFormatOf(sample)
        if (!format) return Promise.reject(new AppError('INVOICE_FILE_TYPE_NOT_ALLOWED'))
        return Promise.resolve({ ext: format, mime: format === 'pdf' ? 'application/pdf' : `application/${format}` })
      },
    })
  } catch (error) {
    throw uploadFailure(request, error)
  }
  return { bytes: sink.bytes, format: format! }
}
