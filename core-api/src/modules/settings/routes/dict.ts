import { dictRoutes } from '@rpt/contract'
import { invalid } from '../../../platform/errors.ts'
import { ok } from '../../../platform/http/envelope.ts'
import { DICT_FAMILIES } from '../dict-service.ts'
import { serve } from '../../../platform/http/serve.ts'

/** The dictionary types clients may read: each family and its English edition. */
const PUBLIC_DICT_TYPES: ReadonlySet<string> = new Set(DICT_FAMILIES.flatMap((family) => [family, `${family}_en`]))

export default serve(dictRoutes, (app) => ({
  listData: {
    // The families are the core API's: it names them in the documentation.
    description: `Known types: ${[...PUBLIC_DICT_TYPES].join(', ')}. ${dictRoutes.listData.description}`,
    handler: async (request) => {
      const { dictType } = request.body
      if (!PUBLIC_DICT_TYPES.has(dictType)) throw invalid('不支持的字典类型', 'Unknown dictionary type')
      return ok(request.lang, await app.dicts.list(dictType))
    },
  },
}))
