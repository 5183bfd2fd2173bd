import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AppError } from '../../../platform/errors.ts'
import { FileNotFoundError, FileStoreUnavailableError, InvalidFileKeyError } from '../../../platform/files/file-store.ts'
import { generatedImage, IMAGE_TYPES } from '../../../platform/files/legacy-images.ts'
import { ErrorEnvelope } from '@rpt/contract'
import { sendStoredFile } from '../../../platform/files/send-stored-file.ts'

// The earlier backend's image folder (LEGACY_FILES_PREFIX, /js/userfiles):
// its clients build <img> URLs from fields the bare dialect answers
// (platform/http/bare-dialect.ts). A path names one of our generated images, or an
// image in the file store under userfiles/ (where an operator copies the
// earlier backend's files), or a cover staff uploaded (fileupload/media/images/,
// the images' own folder); nothing else of the store is reachable here.

const IMAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
}

const legacyFilesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/*',
    {
      // Loaded by browsers as images, not called by a client of the contract: a missing one is a 404.
      config: { keepHttpStatus: true },
      schema: {
        tags: ['Other clients'],
        summary: "Images of the earlier backend's clients: report covers, news images, carousel slides",
        description:
          'report/cover-{category}.svg, fileupload/generated/news-{category}.svg and carousel/slide-{rrggbb}.svg are generated; ' +
          'fileupload/media/images/{sha256}.{ext} is a cover uploaded by staff; any other path is an image (png, jpg, jpeg, gif, webp, svg) ' +
          'of the file store under userfiles/. Anything else answers 404.',
        params: Type.Object({ '*': Type.String({ maxLength: 500 }) }),
        response: {
          200: { description: 'The image', content: { 'image/*': { schema: Type.String({ format: 'binary' }) } } },
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const path = request.params['*']
      const generated = generatedImage(path)
      if (generated) {
        return reply
          .headers({ ...IMAGE_HEADERS, 'content-type': IMAGE_TYPES.svg, 'cache-control': 'public, max-age=86400' })
          .send(generated)
      }
      const type = IMAGE_TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()]
      if (!type) throw new AppError('NOT_FOUND')
      // An uploaded cover (publishing/articles/article-files.ts): filePath media/images/, fileName <sha256>.<ext>.
      const cover = /^fileupload\/(media\/images\/[0-9a-f]{64}\.(?:png|jpg|webp))$/.exec(path)
      const key = cover ? (cover[1] as string) : `userfiles/${path}`
      try {
        return await sendStoredFile(app.files, reply, key, {
          ...IMAGE_HEADERS,
          'content-type': type,
          'cache-control': 'public, max-age=3600',
        })
      } catch (error) {
        if (error instanceof InvalidFileKeyError || error instanceof FileNotFoundError) throw new AppError('NOT_FOUND')
        if (error instanceof FileStoreUnavailableError) throw new AppError('SYSTEM_EXCEPTION')
        throw error
      }
    },
  )
}

export default legacyFilesRoutes
