import { describeSharedSettings } from '../../../scripts/testkit/shared-settings.ts'
import { fastifyOptions } from '../../src/app.ts'
import { loadConfig } from '../../src/platform/config.ts'

// TRUST_PROXY=true once ended the core API with a stack trace (proxy-addr's
// "invalid IP address: true"); it now reads the settings as the BFF does.
describeSharedSettings({
  entry: 'core-api/src/server.ts',
  env: { CORE_PORT: '0', EMBEDDED_PG_MEMORY: 'true', AUTO_SEED: 'false' },
  options: (overrides) => fastifyOptions(loadConfig({}, overrides)),
  refusals: [
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ SITE_URL: 'https://www.example.com/shop' }, 'SITE_URL'],
    // Production refuses the development key of the staff's preview links (a known key signs any draft's link).
    [{ NODE_ENV: 'production' }, 'PREVIEW_SECRET'],
  ],
})
