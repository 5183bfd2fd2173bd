import { downloadRoutes } from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { sendStoredFile } from '../../../platform/http/file-response.ts'
import { serve } from '../../../platform/http/serve.ts'

const LINK_UNUSABLE = { 'zh-CN': '下载链接无效、已过期或下载次数已用完', 'en-US': 'This download link is invalid, expired or used up.' }

// Signed links sent by mail: no login, bound to one paid order, expiring, and
// counted against a limit.
export default serve(downloadRoutes, (app) => ({
  file: {
    // Opened by a browser from a mail, not called by a client of the contract: a dead link is a 404.
    config: { keepHttpStatus: true },
    handler: async (request, reply) => {
      const fresh = !/^bytes=[1-9]/.test(request.headers.range ?? '')
      const file = await app.orders.fileForLink(request.params.token, fresh)
      if (!file) throw new AppError('NOT_FOUND', LINK_UNUSABLE)
      // The buyer's stamped copy, never the original.
      const served = await app.licences.downloads.forBuyer(file.order.id, fresh, request.ip)
      if (!served) throw new AppError('NOT_FOUND', LINK_UNUSABLE)
      const { order, copy } = served
      return sendStoredFile(request, reply, app.files, { key: copy.stampedKey, name: copy.stampedName }, async (range) => {
        if (fresh && !(await app.orders.countLinkDownload(request.params.token))) throw new AppError('NOT_FOUND', LINK_UNUSABLE)
        await app.licences.downloads.log({ userId: order.userId, orderId: order.id, copyId: copy.id, via: 'link', ip: request.ip, range })
      })
    },
  },
}))
