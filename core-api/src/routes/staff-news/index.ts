import { staffNewsRoutes } from '@rpt/contract'
import { articleHandlers } from '../staff-article-handlers.ts'
import { serve, type Handlers } from '../serve.ts'

// The staff API's news (issue 34); the handlers are shared with bulletins.
export default serve(staffNewsRoutes, (app) => articleHandlers(app, app.staffNews) as unknown as Handlers<typeof staffNewsRoutes>)
