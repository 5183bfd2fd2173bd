import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ok, responses } from '../../http/envelope.ts'
import { invalid } from '../../errors.ts'
import { DICT_FAMILIES } from '../../plugins/app/dict-service.ts'
import { DictList, DictListBody } from '@rpt/contract'

const tags = ['Base data']

/** The dictionary types clients may read: each family and its English edition. */
const PUBLIC_DICT_TYPES: ReadonlySet<string> = new Set(DICT_FAMILIES.flatMap((family) => [family, `${family}_en`]))

const dictRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/listData',
    {
      schema: {
        tags,
        summary: 'Entries of one dictionary type, in dictionary order',
        description: `Known types: ${[...PUBLIC_DICT_TYPES].join(', ')}. The language is chosen by the type (the _en types hold the English labels), not by lang.`,
        body: DictListBody,
        response: responses(DictList),
      },
    },
    async (request) => {
      const { dictType } = request.body
      if (!PUBLIC_DICT_TYPES.has(dictType)) throw invalid('不支持的字典类型', 'Unknown dictionary type')
      return ok(request.lang, await app.dicts.list(dictType))
    },
  )
}

export default dictRoutes
