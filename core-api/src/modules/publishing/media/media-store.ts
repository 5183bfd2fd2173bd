import type { Readable } from 'node:stream'
import type { Sequelize } from 'sequelize'
import type { FileStore } from '../../../platform/files/file-store.ts'
import type { Models } from '../../../platform/db/models/index.ts'
import { writeAudit } from '../../staff/index.ts'
import { receiveImage, sanitizeFileName, type StoredImage } from '../../../platform/files/uploads/index.ts'

// An image upload of the staff API, with its audit row (who, from where,
// which file: never its bytes) and its row of the media library.

/** Where pages show an uploaded image: the BFF serves the core API's public calls under /api. */
export const MEDIA_URL_PREFIX = '/api/media/images'

export interface ImageUpload {
  name?: string
  maxBytes: number
  declaredBytes?: number
}

export async function uploadImage(
  deps: { store: FileStore; sequelize: Sequelize; images: Models['MediaImage'] },
  source: Readable,
  input: ImageUpload,
  actor: { name: string; ip: string },
): Promise<StoredImage & { url: string }> {
  const image = await receiveImage(deps.store, source, input)
  const { file, ...stored } = image
  const after = { ...stored, name: input.name ?? null }
  await deps.sequelize.transaction(async (transaction) => {
    // The same bytes again are the same image: the library keeps its first upload's name and uploader.
    await deps.images.bulkCreate(
      [
        {
          sha256: image.sha256,
          fileKey: image.key,
          type: image.type,
          size: String(image.size),
          name: input.name ? sanitizeFileName(input.name, file.slice(file.lastIndexOf('.') + 1), 'image') : null,
          uploadedBy: actor.name,
        },
      ],
      { ignoreDuplicates: true, transaction },
    )
    // The audit's target holds 64 characters: the checksum names the image (its key is in `after`).
    await writeAudit(deps.sequelize, { actor: actor.name, action: 'media.upload', target: image.sha256, ip: actor.ip, after }, transaction)
  })
  return { ...image, url: `${MEDIA_URL_PREFIX}/${file}` }
}
