import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CALLS, staffBulletinRoutes, staffNewsRoutes, type StoredFile } from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { ok } from '../../../platform/http/envelope.ts'
import { storeUploadedDocument } from '../../../platform/files/uploads/document-upload.ts'
import { detectCover } from '../../../platform/files/uploads/detect-type.ts'
import { MAX_IMAGE_BYTES, MAX_UPLOAD_BYTES, receiveImage } from '../../../platform/files/uploads/index.ts'
import { acceptRawBodies, declaredLength, rawBodyOf, uploadFailure } from '../../../platform/files/uploads/raw-body.ts'
import type { StaffArticleService } from './article-service.ts'
import { staffActorOf } from '../../staff/index.ts'
import { serve, type Handlers } from '../../../platform/http/serve.ts'

// The files of bulletins and news, each as the raw request body:
// - uploadBulletinFile: what a bulletin's buyers download, PDF or Word up to
//   500 MB, streamed to the file store under a new key and recorded on the
//   bulletin as a save (version, revision, audit), as uploadReportFile does;
// - uploadBulletinCover, uploadNewsCover: the cover image (PNG, JPEG, WebP up
//   to 10 MB), stored under its SHA-256 as the carousel's images are (so a
//   refused save leaves a file that may serve another record: it stays).
// removeBulletinCover/removeNewsCover have no body: routes/staff-article-handlers.

type Upload = FastifyRequest<{ Params: { id: string }; Querystring: { version: string; name: string } }>

/** The cover's handler of a kind: the image stored, then set on the article. */
function coverUpload(app: FastifyInstance, service: () => StaffArticleService) {
  return async (request: Upload) => {
    const actor = staffActorOf(request)
    let file: string
    try {
      const source = rawBodyOf(request)
      if (!source) throw new AppError('UPLOAD_EMPTY')
      const input = { maxBytes: request.routeOptions.bodyLimit ?? MAX_IMAGE_BYTES, declaredBytes: declaredLength(request) }
      file = (await receiveImage(app.files, source, input, detectCover)).file
    } catch (error) {
      throw uploadFailure(request, error)
    }
    return ok(request.lang, await service().setCover(request.params.id, Number(request.query.version), file, actor))
  }
}

export default async function staffArticleFilesPlugin(app: FastifyInstance) {
  acceptRawBodies(app, {
    [CALLS.staffBulletins.uploadFile.path]: MAX_UPLOAD_BYTES,
    [CALLS.staffBulletins.uploadCover.path]: MAX_IMAGE_BYTES,
    [CALLS.staffNews.uploadCover.path]: MAX_IMAGE_BYTES,
  })
  const bulletinRoutes = { uploadFile: staffBulletinRoutes.uploadFile, uploadCover: staffBulletinRoutes.uploadCover }
  const newsRoutes = { uploadCover: staffNewsRoutes.uploadCover }
  // The cover's handler answers the service's record, which the contract's schema serializes (as articleHandlers').
  await app.register(
    serve(bulletinRoutes, () => ({
      uploadFile: async (request) => {
        const actor = staffActorOf(request)
        const { id } = request.params
        const upload = { name: request.query.name, keyPrefix: `bulletins/${id}` }
        return ok(
          request.lang,
          await storeUploadedDocument(app.files, request, upload, async (stored) => {
            const bulletin = await app.staffBulletins.attachFile(id, Number(request.query.version), stored, actor)
            return bulletin.file as StoredFile
          }),
        )
      },
      uploadCover: coverUpload(app, () => app.staffBulletins) as unknown as Handlers<typeof bulletinRoutes>['uploadCover'],
    })),
  )
  await app.register(
    serve(newsRoutes, () => ({ uploadCover: coverUpload(app, () => app.staffNews) }) as unknown as Handlers<typeof newsRoutes>),
  )
}
