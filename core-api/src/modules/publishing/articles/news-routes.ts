import { staffNewsRoutes } from '@rpt/contract'
import { articleHandlers } from './article-handlers.ts'
import { serve, type Handlers } from '../../../platform/http/serve.ts'

// The staff API's news; the handlers are shared with bulletins.
// The cover upload is served by routes/staff-article-files, which streams the bytes.
const { uploadCover: _cover, ...routes } = staffNewsRoutes

export default serve(routes, (app) => articleHandlers(app, app.staffNews) as unknown as Handlers<typeof routes>)
