import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CALLS } from '@rpt/contract'
import type { Static } from 'typebox'
import { AppError, ok, responses } from '../../http/envelope.ts'
import { requestLang, type Lang } from '../../http/locale.ts'
import { CACHE_NAMES } from '../../lib/cache-names.ts'
import { dictTags, langTag, reportIdTag, reportTag } from '../../lib/content-tags.ts'
import { LIMIT_POLICIES } from '../../lib/limit-policies.ts'
import { checkChange, describeProblem, settingDef } from '../../lib/settings-table.ts'
import type { PurgeTarget } from '../../plugins/app/purge.ts'
import { auditedPurge } from './audited-purge.ts'
import {
  AuditData,
  AuditQuery,
  KeysData,
  KeysQuery,
  NoQuery,
  OpsPurgeBody,
  OpsPurgeData,
  ReportSearchData,
  ReportSearchQuery,
  SessionData,
  SettingsData,
  SettingsPatch,
  SignedOutData,
  SignInBody,
  StatsData,
  UnblockBody,
  UnblockData,
} from './schemas.ts'

const LANGS: readonly Lang[] = ['zh-CN', 'en-US']

/**
 * The ops API: runtime settings, precise purges, unblocking, statistics and
 * the audit log. Every route is authenticated by an operator's token
 * (X-Ops-Token or Authorization: Bearer), or by the ops page's cookie, in
 * an onRequest hook (plugins/app/ops-auth.ts), so a caller without one gets a
 * bare 401 before anything is parsed. CSRF-exempt: a token is not sent by a
 * browser on its own; with the cookie the hook checks the request's origin itself.
 */
export default async function opsApi(app: FastifyInstance) {
  const authenticated = { config: { csrf: 'exempt' as const }, onRequest: (request: FastifyRequest) => app.opsAuth.authenticate(request) }
  const scope = () => (app.settings.shared ? ('cluster' as const) : ('instance' as const))

  // Sign-in from the ops page: the token for an HttpOnly cookie, so the page never keeps it in the browser.
  app.post<{ Body: Static<typeof SignInBody> }>(
    '/bff/ops/session',
    { schema: { body: SignInBody, response: responses(SessionData) } },
    async (request, reply) => {
      const operator = await app.opsAuth.signIn(request, reply, request.body.token)
      request.log.info({ operator }, 'ops sign-in')
      return ok(requestLang(request), { operator })
    },
  )

  app.get('/bff/ops/session', { ...authenticated, schema: { querystring: NoQuery, response: responses(SessionData) } }, async (request) =>
    ok(requestLang(request), { operator: request.operator! }),
  )

  app.delete('/bff/ops/session', { schema: { querystring: NoQuery, response: responses(SignedOutData) } }, async (request, reply) => {
    app.opsAuth.signOut(request, reply)
    return ok(requestLang(request), { signedOut: true as const })
  })

  const settingsAnswer = (lang: Lang) => ({
    scope: scope(),
    settings: app.settings.describe().map((state) => {
      const def = settingDef(state.name)
      return {
        ...state,
        group: def.group,
        applies: def.applies,
        unit: def.unit,
        min: def.min,
        max: def.max,
        description: def.description[lang],
      }
    }),
  })

  app.get('/bff/ops/settings', { ...authenticated, schema: { querystring: NoQuery, response: responses(SettingsData) } }, async (request) =>
    ok(requestLang(request), settingsAnswer(requestLang(request))),
  )

  app.patch<{ Body: Static<typeof SettingsPatch> }>(
    '/bff/ops/settings',
    { ...authenticated, schema: { body: SettingsPatch, response: responses(SettingsData) } },
    async (request) => {
      const lang = requestLang(request)
      const { lang: _lang, ...change } = request.body as Record<string, unknown>
      // The schema is made from the same table; checked again here, whole, so nothing is applied unless all of it fits.
      const checked = checkChange(change)
      if (!checked.ok) {
        const problem = checked.problem
        throw new AppError('INVALID_PARAMETER', {}, (l) => describeProblem(problem, l))
      }
      if (Object.keys(checked.change).length === 0)
        throw new AppError('INVALID_PARAMETER', {}, (l) => (l === 'zh-CN' ? '未指定要修改的设置' : 'No setting to change was given'))
      const { before, after } = await app.settings.change(checked.change)
      await app.audit.record({ operator: request.operator!, action: 'settings', address: request.ip, before, after })
      return ok(lang, {
        ...settingsAnswer(lang),
        changed: { before, after },
      })
    },
  )

  /** The tags of a report by id or webTitle: the core API says which report it is, in each edition, and its other webTitles. */
  async function reportTagsOf(ref: string): Promise<string[]> {
    const tags = new Set([reportTag(ref)])
    if (/^\d+$/.test(ref)) tags.add(reportIdTag(ref))
    const lookups = LANGS.flatMap((lang) =>
      [{ webTitle: ref }, ...(/^\d+$/.test(ref) ? [{ id: ref }] : [])].map((params) => ({ lang, params })),
    )
    await Promise.all(
      lookups.map(async ({ lang, params }) => {
        try {
          const answer = await app.core.call({ method: 'GET', path: CALLS.researchReport.form.path, params, lang })
          if (answer.status !== 200 || answer.body.code !== 200) return
          const report = answer.body.data as { id?: unknown; webTitle?: unknown; alternates?: Array<{ webTitle?: unknown }> }
          if (typeof report.webTitle === 'string') tags.add(reportTag(report.webTitle))
          if (typeof report.id === 'string' || typeof report.id === 'number') tags.add(reportIdTag(report.id))
          for (const alternate of report.alternates ?? [])
            if (typeof alternate.webTitle === 'string') tags.add(reportTag(alternate.webTitle))
        } catch {
          // A report the core API cannot be asked about is purged by what was given.
        }
      }),
    )
    return [...tags]
  }

  app.post<{ Body: Static<typeof OpsPurgeBody> }>(
    '/bff/ops/purge',
    { ...authenticated, schema: { body: OpsPurgeBody, response: responses(OpsPurgeData) } },
    async (request) => {
      const { lang: _lang, ...body } = request.body
      const given = Object.keys(body)
      if (given.length !== 1) {
        throw new AppError('INVALID_PARAMETER', {}, (l) =>
          l === 'zh-CN'
            ? '请只指定一种清除方式：all、cache、keys、report、dict、language 或 tags'
            : 'Give exactly one of all, cache, keys, report, dict, language or tags',
        )
      }
      let target: PurgeTarget
      if (body.all) target = { kind: 'all' }
      else if (body.cache) target = { kind: 'cache', cache: body.cache }
      else if (body.keys) target = { kind: 'keys', keys: body.keys }
      else if (body.report) target = { kind: 'tags', tags: await reportTagsOf(body.report.trim()) }
      else if (body.dict) target = { kind: 'tags', tags: dictTags(body.dict) }
      else if (body.language) target = { kind: 'tags', tags: [langTag(body.language)] }
      else target = { kind: 'tags', tags: body.tags! }
      const dropped = await auditedPurge(app, request, target, { ...body, ...(target.kind === 'tags' ? { tags: target.tags } : {}) })
      return ok(requestLang(request), { target: body, ...(target.kind === 'tags' ? { tags: target.tags } : {}), dropped })
    },
  )

  app.post<{ Body: Static<typeof UnblockBody> }>(
    '/bff/ops/unblock',
    { ...authenticated, schema: { body: UnblockBody, response: responses(UnblockData) } },
    async (request) => {
      const { address, account, policy } = request.body
      if (!address && !account)
        throw new AppError('INVALID_PARAMETER', {}, (l) =>
          l === 'zh-CN' ? '请指定地址（address）或账号（account）' : 'Give an address or an account',
        )
      const keys = await app.limits.unblock({
        ...(address ? { address } : {}),
        ...(account ? { account } : {}),
        ...(policy ? { policy } : {}),
      })
      // The account as given: the log says whom ops let back in.
      await app.audit.record({
        operator: request.operator!,
        action: 'unblock',
        address: request.ip,
        before: null,
        after: { address: address ?? null, account: account ?? null, policy: policy ?? 'all' },
      })
      return ok(requestLang(request), { cleared: keys.length })
    },
  )

  app.get('/bff/ops/stats', { ...authenticated, schema: { querystring: NoQuery, response: responses(StatsData) } }, async (request) => {
    const series = await app.opsStats.series()
    const zeros = series.minutes.map(() => 0)
    const empty = { hits: zeros, misses: zeros, stale: zeros }
    const usage: Record<string, { entries: number | null; bytes: number | null }> = {}
    for (const name of CACHE_NAMES) usage[name] = await app.caches.usage(name)
    if (app.hasDecorator('ssr')) {
      usage.ssr = await app.ssr.texts.usage('page:')
      usage.sitemap = await app.ssr.texts.usage('sitemap:')
    }
    const caches: Static<typeof StatsData>['caches'] = {}
    for (const name of new Set([...Object.keys(usage), ...Object.keys(series.caches)])) {
      caches[name] = { ...empty, ...series.caches[name], entries: usage[name]?.entries ?? null, bytes: usage[name]?.bytes ?? null }
    }
    const budgets = app.limits.budgets()
    const limits: Static<typeof StatsData>['limits'] = {}
    for (const policy of LIMIT_POLICIES) {
      const budget = budgets[policy]
      limits[policy] = { max: budget.address, accountMax: budget.account ?? null, windowS: budget.windowS, ...series.limits[policy] }
    }
    return ok(requestLang(request), { scope: series.scope, minutes: series.minutes, caches, limits, upstream: series.upstream })
  })

  app.get<{ Querystring: Static<typeof AuditQuery> }>(
    '/bff/ops/audit',
    { ...authenticated, schema: { querystring: AuditQuery, response: responses(AuditData) } },
    async (request) => {
      const { entries, total } = await app.audit.list({ limit: request.query.limit ?? 50, offset: request.query.offset ?? 0 })
      return ok(requestLang(request), { scope: app.audit.shared ? ('cluster' as const) : ('instance' as const), total, entries })
    },
  )

  app.get<{ Querystring: Static<typeof KeysQuery> }>(
    '/bff/ops/keys',
    { ...authenticated, schema: { querystring: KeysQuery, response: responses(KeysData) } },
    async (request) => ok(requestLang(request), { keys: await app.caches.keys(request.query.cache, request.query.limit ?? 200) }),
  )

  // The ops page finds a report to purge by its title, in both editions at once.
  app.get<{ Querystring: Static<typeof ReportSearchQuery> }>(
    '/bff/ops/reports',
    { ...authenticated, schema: { querystring: ReportSearchQuery, response: responses(ReportSearchData) } },
    async (request) => {
      const found = await Promise.all(
        LANGS.map(async (lang) => {
          const answer = await app.core.call({
            method: 'POST',
            path: CALLS.researchReport.pageList.path,
            params: { pageNo: 1, pageSize: 10, keyword: request.query.keyword },
            lang,
          })
          if (answer.status !== 200 || answer.body.code !== 200) return []
          const list = (answer.body.data as { pageList?: { list?: unknown[] } })?.pageList?.list ?? []
          return list.flatMap((item) => {
            const { id, webTitle, title } = item as { id?: unknown; webTitle?: unknown; title?: unknown }
            return typeof webTitle === 'string'
              ? [
                  {
                    id: typeof id === 'string' || typeof id === 'number' ? String(id) : '',
                    webTitle,
                    title: typeof title === 'string' ? title : webTitle,
                    lang,
                  },
                ]
              : []
          })
        }),
      )
      return ok(requestLang(request), { reports: found.flat() })
    },
  )
}
