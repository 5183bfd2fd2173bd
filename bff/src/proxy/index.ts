import { pluginSet } from '@rpt/server-kit'
import apiProxy from './api-proxy.ts'
import staffProxy from './staff-proxy.ts'

// The proxies: the core API's calls the browser (/api/*) and the staff
// console (/staff-api/*) make, passed through to the core API. A tier of
// their own, above plugins/app and beside routes/: they serve requests on top
// of the app's session, CSRF check, rate limits, metrics and core client, so
// they are neither external plugins (which sit below the app tier) nor the
// BFF's own routes. They import plugins/app, plugins/external, http,
// upstream, config.ts and lib, never routes/ or ssr/ (eslint.config.js,
// bffZones).

// Not encapsulated, as the app plugins: the staff session they decorate is the root instance's.
export default pluginSet('proxies', [apiProxy, staffProxy])
