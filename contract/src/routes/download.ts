import { Type } from 'typebox'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'
import { FILE_ANSWERS } from './website-user-order.ts'

// Signed links sent by mail: no login, bound to one paid order, expiring, and counted against a limit.
export const downloadRoutes = defineRoutes(CALLS.download, ['Orders'], {
  file: {
    summary: 'Downloads the file of a paid order through the signed link of its delivery mail',
    description:
      'Valid DOWNLOAD_LINK_DAYS days and DOWNLOAD_LINK_MAX downloads (resumed ranges of a download do not count). An unknown, expired or used-up link answers 404.',
    params: Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) }),
    response: FILE_ANSWERS,
  },
})
