import { CONFIG_KEY_PATTERN, CONFIG_MAX_KEYS, configRoutes } from '@rpt/contract'
import { invalid } from '../../../platform/errors.ts'
import { ok } from '../../../platform/http/envelope.ts'
import { serve } from '../../../platform/http/serve.ts'

/** The keys asked for, in order, without blanks or repeats; a 400 envelope when the list breaks a limit. */
function parseKeys(keys: string): string[] {
  const list = [
    ...new Set(
      keys
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key !== ''),
    ),
  ]
  if (list.length === 0) throw invalid('缺少必填参数：keys', 'Missing required parameter: keys')
  if (list.length > CONFIG_MAX_KEYS)
    throw invalid(`一次最多查询 ${CONFIG_MAX_KEYS} 个配置项`, `At most ${CONFIG_MAX_KEYS} keys may be requested at once`)
  if (!list.every((key) => CONFIG_KEY_PATTERN.test(key))) {
    throw invalid(
      '配置项名称只能包含字母、数字、点、下划线和连字符，且不超过 120 个字符',
      "Keys may contain only letters, digits, '.', '_' and '-', at most 120 characters each",
    )
  }
  return list
}

// Every row of sys_config is public site content (list prices, page and chart
// counts, contact details, footer and page copy), so any existing key may be
// read. Secrets (payment keys, mail passwords, signing keys) never live in
// this table: they come from the environment (src/platform/config.ts). Anything added
// to sys_config must be fit to publish.
export default serve(configRoutes, (app) => ({
  findListByKeys: async (request) => ok(request.lang, await app.configs.findByKeys(parseKeys(request.query.keys))),
  // The earlier clients' call for one value.
  form: async (request) => {
    const [row] = await app.configs.findByKeys([request.query.configKey])
    return ok(request.lang, row ?? null)
  },
}))
