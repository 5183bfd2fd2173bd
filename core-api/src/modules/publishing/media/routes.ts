import type { FastifyInstance } from 'fastify'
import { CALLS, mediaRoutes, staffMediaRoutes } from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { ok } from '../../../platform/http/envelope.ts'
import { FileNotFoundError, FileStoreUnavailableError } from '../../../platform/files/file-store.ts'
import { IMAGE_TYPES } from '../../../platform/files/legacy-images.ts'
import { IMAGE_KEY_PREFIX, MAX_IMAGE_BYTES } from '../../../platform/files/uploads/index.ts'
import { listImages } from './media-library.ts'
import { uploadImage } from './media-store.ts'
import { acceptRawBodies, declaredLength, rawBodyOf, uploadFailure } from '../../../platform/files/uploads/raw-body.ts'
import { staffOf } from '../../staff/index.ts'
import { serve } from '../../../platform/http/serve.ts'
import { sendStoredFile } from '../../../platform/files/send-stored-file.ts'

// Images for rich text and carousel slides: uploadImage stores one
// under its SHA-256 (platform/files/uploads) and lists it in the media
// library (listImages), and the public call serves it from the
// file store as the earlier backend's images are served (catalogue/routes/legacy-files.ts),
// but for good: its name is its checksum, so its bytes never change.

const IMAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'public, max-age=31536000, immutable',
}

export default async function staffMediaPlugin(app: FastifyInstance) {
  acceptRawBodies(app, { [CALLS.staffMedia.uploadImage.path]: MAX_IMAGE_BYTES })
  await app.register(
    serve(staffMediaRoutes, () => ({
      uploadImage: async (request) => {
        const staff = staffOf(request)
        try {
          const source = rawBodyOf(request)
          if (!source) throw new AppError('UPLOAD_EMPTY')
          const image = await uploadImage(
            { store: app.files, sequelize: app.db.sequelize, images: app.db.models.MediaImage },
            source,
            { name: request.query.name, maxBytes: request.routeOptions.bodyLimit, declaredBytes: declaredLength(request) },
            { name: staff.name, ip: request.ip },
          )
          return ok(request.lang, { url: image.url, key: image.key, size: image.size, sha256: image.sha256, type: image.type })
        } catch (error) {
          throw uploadFailure(request, error)
        }
      },
      listImages: async (request) => ok(request.lang, await listImages(app.db.sequelize, request.query)),
    })),
  )
  await app.register(
    serve(mediaRoutes, () => ({
      image: {
        // Loaded by browsers as images, not called by a client of the contract: a missing one is a 404.
        config: { keepHttpStatus: true },
        handler: async (request, reply) => {
          const { file } = request.params
          const key = `${IMAGE_KEY_PREFIX}/${file}`
          try {
            return await sendStoredFile(app.files, reply, key, {
              ...IMAGE_HEADERS,
              'content-type': IMAGE_TYPES[file.slice(file.lastIndexOf('.') + 1)]!,
              etag: `"${file.slice(0, file.indexOf('.'))}"`,
            })
          } catch (error) {
            if (error instanceof FileNotFoundError) throw new AppError('NOT_FOUND')
            if (error instanceof FileStoreUnavailableError) throw uploadFailure(request, error)
            throw error
          }
        },
      },
    })),
  )
}
