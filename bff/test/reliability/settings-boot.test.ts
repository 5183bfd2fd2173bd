import { describeSharedSettings } from '../../../scripts/testkit/shared-settings.ts'
import { fastifyOptions } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'

describeSharedSettings({
  entry: 'bff/src/server.ts',
  env: { PORT: '0', CORE_API_URL: 'http://127.0.0.1:9', REDIS_URL: '' },
  options: (overrides) => fastifyOptions(loadConfig({}, overrides)),
  refusals: [
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ],
})
