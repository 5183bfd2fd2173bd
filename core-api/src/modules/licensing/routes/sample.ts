import { sampleRoutes } from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { sendStoredFile } from '../../../platform/http/file-response.ts'
import { serve } from '../../../platform/http/serve.ts'

const LINK_UNUSABLE = { 'zh-CN': '样章链接无效、已过期或下载次数已用完', 'en-US': 'This sample link is invalid, expired or used up.' }

// The signed link of a sample mail: the requester's stamped sample, each download recorded on the request.
export default serve(sampleRoutes, (app) => ({
  file: {
    // Opened by a browser from a mail: a dead link is a 404.
    config: { keepHttpStatus: true },
    handler: async (request, reply) => {
      const fresh = !/^bytes=[1-9]/.test(request.headers.range ?? '')
      const found = await app.licences.samples.copyForLink(request.params.token, fresh)
      if (!found) throw new AppError('NOT_FOUND', LINK_UNUSABLE)
      const copy = await app.licences.copies.ready(found)
      return sendStoredFile(request, reply, app.files, { key: copy.stampedKey, name: copy.stampedName }, async (range) => {
        if (fresh && !(await app.licences.samples.countLinkDownload(request.params.token))) throw new AppError('NOT_FOUND', LINK_UNUSABLE)
        await app.licences.samples.log(copy, request.ip, range)
      })
    },
  },
}))
