import { staffBulletinRoutes } from '@rpt/contract'
import { articleHandlers } from './article-handlers.ts'
import { serve, type Handlers } from '../../../platform/http/serve.ts'

// The staff API's bulletins; the handlers are shared with news.
// The uploads (file, cover) are served by routes/staff-article-files, which streams the bytes.
const { uploadFile: _file, uploadCover: _cover, ...routes } = staffBulletinRoutes

export default serve(routes, (app) => articleHandlers(app, app.staffBulletins) as unknown as Handlers<typeof routes>)
