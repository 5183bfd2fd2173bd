import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AppError } from '../../errors.ts'
import { sendStoredFile } from '../../http/file-response.ts'
import { ErrorEnvelope } from '@rpt/contract'

const LINK_UNUSABLE = { 'zh-CN': '下载链接无效、已过期或下载次数已用完', 'en-US': 'This download link is invalid, expired or used up.' }

// Signed links sent by mail: no login, bound to one paid order, expiring, and
// counted against a limit.
const downloadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:token',
    {
      // Opened by a browser from a mail, not called by a client of the contract: a dead link is a 404.
      config: { keepHttpStatus: true },
      schema: {
        tags: ['Orders'],
        summary: 'Downloads the file of a paid order through the signed link of its delivery mail',
        description:
          'Valid DOWNLOAD_LINK_DAYS days and DOWNLOAD_LINK_MAX downloads (resumed ranges of a download do not count). An unknown, expired or used-up link answers 404.',
        params: Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) }),
        response: {
          200: { description: 'The file', content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } } },
          206: { description: 'A byte range of the file', content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } } },
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const fresh = !/^bytes=[1-9]/.test(request.headers.range ?? '')
      const file = await app.orders.fileForLink(request.params.token, fresh)
      if (!file) throw new AppError('NOT_FOUND', LINK_UNUSABLE)
      return sendStoredFile(request, reply, app.files, file, async (range) => {
        if (fresh && !(await app.orders.countLinkDownload(request.params.token))) throw new AppError('NOT_FOUND', LINK_UNUSABLE)
        await app.orders.logDownload({ userId: file.order.userId, orderId: file.order.id, via: 'link', ip: request.ip, range })
      })
    },
  )
}

export default downloadRoutes
