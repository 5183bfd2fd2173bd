import { fileTypeFromBuffer } from 'file-type'
import { AppError } from '../../errors.ts'
import { extensionOf } from './file-name.ts'

// The type of an upload, from its first bytes (file-type reads the magic
// numbers and, for a zip, the entries inside), never from its name or the
// request's Content-Type.

export interface DetectedType {
  /** The extension the stored key and the name get */
  ext: string
  mime: string
}

const DOCUMENTS: Record<string, DetectedType> = {
  pdf: { ext: 'pdf', mime: 'application/pdf' },
  docx: { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
}
const LEGACY_WORD: DetectedType = { ext: 'doc', mime: 'application/msword' }

const IMAGES: Record<string, DetectedType> = {
  png: { ext: 'png', mime: 'image/png' },
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
  webp: { ext: 'webp', mime: 'image/webp' },
  gif: { ext: 'gif', mime: 'image/gif' },
}

async function detected(sample: Uint8Array): Promise<string | undefined> {
  try {
    return (await fileTypeFromBuffer(sample))?.ext
  } catch {
    // A sample that ends inside a structure file-type follows (a truncated zip) is no known type.
    return undefined
  }
}

/** A report's file: PDF, Word (.docx), or legacy Word (.doc) when its name says so; else 300111. */
export async function detectDocument(sample: Uint8Array, name: string): Promise<DetectedType> {
  const ext = await detected(sample)
  if (ext && DOCUMENTS[ext]) return DOCUMENTS[ext]
  // An OLE compound file is also an .xls, .ppt or .msi: taken as Word only when named .doc.
  if (ext === 'cfb' && extensionOf(name.trim()) === 'doc') return LEGACY_WORD
  throw new AppError('UPLOAD_TYPE_NOT_ALLOWED')
}

/** An image for rich text or a slide: PNG, JPEG, WebP or GIF; else 300114. */
export async function detectImage(sample: Uint8Array): Promise<DetectedType> {
  const ext = await detected(sample)
  if (ext && IMAGES[ext]) return IMAGES[ext]
  throw new AppError('IMAGE_TYPE_NOT_ALLOWED')
}

/** A cover image of a bulletin or news article: PNG, JPEG or WebP (a cover is a photo or a picture, never animated); else 300135. */
export async function detectCover(sample: Uint8Array): Promise<DetectedType> {
  const ext = await detected(sample)
  if (ext && ext !== 'gif' && IMAGES[ext]) return IMAGES[ext]
  throw new AppError('COVER_TYPE_NOT_ALLOWED')
}
