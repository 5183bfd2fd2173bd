import { staffBulletinRoutes } from '@rpt/contract'
import { articleHandlers } from '../staff-article-handlers.ts'
import { serve, type Handlers } from '../serve.ts'

// The staff API's bulletins (issue 34); the handlers are shared with news.
export default serve(
  staffBulletinRoutes,
  (app) => articleHandlers(app, app.staffBulletins) as unknown as Handlers<typeof staffBulletinRoutes>,
)
