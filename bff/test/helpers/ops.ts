import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { envelope } from './stub-core.ts'

/** Operators of the ops tests: OPS_TOKENS as the BFF reads it, and each one's token. */
export const OPERATORS = { alice: 'alice-token-0123456789abcdef', bob: 'bob-token-0123456789abcdefgh' } as const
export const OPS_TOKENS = Object.entries(OPERATORS)
  .map(([name, token]) => `${name}:${token}`)
  .join(',')

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/** An ops API call with an operator's token (Authorization: Bearer), as a script or the CLI sends it. */
export function ops(
  instance: FastifyInstance,
  method: Method,
  url: string,
  payload?: object,
  token: string = OPERATORS.alice,
  extra: Partial<InjectOptions> = {},
): Promise<LightMyRequestResponse> {
  return instance.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}), ...extra })
}

/** The current value of every setting, by name. */
export async function settingValues(instance: FastifyInstance, token: string = OPERATORS.alice): Promise<Record<string, number>> {
  const res = await ops(instance, 'GET', '/bff/ops/settings', undefined, token)
  const data = JSON.parse(res.body).data as { settings: Array<{ name: string; value: number }> }
  return Object.fromEntries(data.settings.map((s) => [s.name, s.value]))
}

export interface StubReport {
  id: string
  webTitle: string
  title: string
  lang: 'zh-CN' | 'en-US'
}

/** Reports of the stub core API: two hot ones, one that is not, in both editions (ids differ per edition, as the core API's rows do). */
export const STUB_REPORTS: StubReport[] = [
  { id: '11', webTitle: 'solar-2026', title: '光伏 2026', lang: 'zh-CN' },
  { id: '12', webTitle: 'wind-2026', title: '风电 2026', lang: 'zh-CN' },
  { id: '13', webTitle: 'hydro-2026', title: '水电 2026', lang: 'zh-CN' },
  { id: '21', webTitle: 'solar-2026', title: 'Solar 2026', lang: 'en-US' },
  { id: '22', webTitle: 'wind-2026', title: 'Wind 2026', lang: 'en-US' },
  { id: '23', webTitle: 'hydro-2026', title: 'Hydro 2026', lang: 'en-US' },
]

/** The core API's calls the ops tests make the BFF cache, list and look up. */
export function stubContent(app: FastifyInstance): void {
  const langOf = (value: unknown) => (value === 'en-US' ? 'en-US' : 'zh-CN')
  app.get('/report/researchReport/hotReports', async (request) => {
    const lang = langOf((request.query as { lang?: string }).lang)
    return envelope(STUB_REPORTS.filter((r) => r.lang === lang && r.webTitle !== 'hydro-2026'))
  })
  app.get('/report/researchReport/form', async (request, reply) => {
    const { webTitle, id, lang } = request.query as { webTitle?: string; id?: string; lang?: string }
    const report = STUB_REPORTS.find((r) => r.lang === langOf(lang) && (r.webTitle === webTitle || r.id === id))
    if (!report) return reply.status(404).send(envelope(null, 100005, 'report not found'))
    return envelope({
      ...report,
      alternates: [
        { lang: 'zh-CN', webTitle: report.webTitle },
        { lang: 'en-US', webTitle: report.webTitle },
      ],
    })
  })
  app.post('/report/researchReport/pageList', async (request) => {
    const { keyword = '', lang } = JSON.parse((request.body as string | undefined) || '{}') as { keyword?: string; lang?: string }
    const list = STUB_REPORTS.filter((r) => r.lang === langOf(lang) && r.title.toLowerCase().includes(String(keyword).toLowerCase()))
    return envelope({ pageList: { list, count: list.length, pageNo: 1, pageSize: 10 } })
  })
  app.post('/basedata/dict/listData', async (request) => {
    const { dictType } = JSON.parse((request.body as string | undefined) || '{}') as { dictType?: string }
    return envelope([{ dictType, dictLabel: `label of ${dictType}` }])
  })
  app.get('/basedata/home/mapData', async (request) => envelope([{ regionCode: 'asia', lang: (request.query as { lang?: string }).lang }]))
  app.get('/basedata/carousel/listData', async () => envelope([{ id: '1' }]))
  app.post('/basedata/customerInfo/save', async () => envelope({ id: '7' }))
  app.post('/report/websiteUser/login', async (_request, reply) => reply.status(400).send(envelope(null, 200002, 'wrong password')))
}
