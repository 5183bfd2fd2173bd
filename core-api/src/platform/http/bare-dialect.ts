import type { IncomingMessage } from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { CALL_LIST, SUCCESS_CODE, type AnyCall } from '@rpt/contract'

// The earlier backend's dialect of the one contract (docs/other-clients.md).
// Its clients call it under a path prefix (/js/a/api) and read each answer's
// body as the data itself. Requests under LEGACY_BARE_PREFIX are routed to the
// very same routes (same schemas, limits, services and caches) with the prefix
// taken off; only the presentation differs: a success is its data alone with
// HTTP 200, any other outcome the envelope with its HTTP 4xx/5xx status
// (envelope.ts), so those clients see a failed request, not a wrong shape.
//
// Only the earlier backend's own calls are routed there: those of the
// contract's table under its two roots, /report and /basedata (the calls of
// the specification §7 and of its clients), that a browser or a payment
// provider makes. The staff API, the BFFs' content feed, health, metrics, the
// API's documentation, and what the earlier backend never had (signed
// downloads, staff's images) answer 404 under the prefix, as any unknown path,
// so an operator may make the prefix public without exposing them.

const BARE = Symbol('bare dialect')
type Marked = IncomingMessage & { [BARE]?: true }

const LEGACY_ROOTS = /^\/(report|basedata)\//

const isLegacyCall = (call: AnyCall) => call.audience !== 'staff' && call.audience !== 'platform' && LEGACY_ROOTS.test(call.path)

/** Each legacy call's path as a pattern: a path parameter is one plain segment, never a dot segment or an encoded character. */
const LEGACY_PATHS: readonly RegExp[] = CALL_LIST.filter(isLegacyCall).map(
  (call) => new RegExp(`^${call.path.replace(/:\w+/g, '[A-Za-z0-9_-]+')}/?$`),
)

/** Whether a path (no query string) is a call of the earlier backend, spelled as its clients spell it. */
export function isLegacyPath(path: string): boolean {
  return LEGACY_PATHS.some((pattern) => pattern.test(path))
}

/** The prefix in force, or undefined when the setting is off. */
export function barePrefix(setting: string): string | undefined {
  return setting === 'off' ? undefined : setting
}

/**
 * Fastify's rewriteUrl for the prefix: a request under it is marked, and
 * routed without it when it is a legacy call; any other request is routed as
 * it came (under the prefix, where no route is: a 404 in the bare dialect).
 */
export function bareRewriter(setting: string): ((request: IncomingMessage) => string) | undefined {
  const prefix = barePrefix(setting)
  if (!prefix) return undefined
  return (request) => {
    const url = request.url ?? '/'
    if (!url.startsWith(prefix)) return url
    const rest = url.slice(prefix.length)
    if (rest !== '' && !rest.startsWith('/') && !rest.startsWith('?')) return url
    ;(request as Marked)[BARE] = true
    const path = rest.split('?', 1)[0]!
    return isLegacyPath(path) ? rest : url
  }
}

/** Whether the request came in under the bare dialect's prefix. */
export function isBare(request: FastifyRequest): boolean {
  return (request.raw as Marked)[BARE] === true
}

type Item = Record<string, unknown>

// Image names the earlier clients paste into URLs under LEGACY_FILES_PREFIX
// (catalogue/routes/legacy-files.ts): where a record has no image of its own, one we
// generate (platform/files/legacy-images.ts). Records are copied, never changed: they may
// be a service's cached answer, which the enveloped contract serves as well.
const imageKey = (value: unknown) => (typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : 'general')

/** bjfl: BaseUrl + '/report/' + fileName (src/views/report/index.vue:126, detail.vue:28, home/index.vue:149, market/index.vue:331). */
function withCover(report: Item): Item {
  return report.fileName ? report : { ...report, fileName: `cover-${imageKey(report.marketType)}.svg` }
}

/** bjfl: BaseUrl + '/fileupload/' + filePath + fileName (src/views/news/index.vue:53, home/index.vue:179). */
function withNewsImage(news: Item): Item {
  return news.filePath && news.fileName ? news : { ...news, filePath: 'generated/', fileName: `news-${imageKey(news.marketType)}.svg` }
}

/** bjfl: BaseUrl + '/carousel/' + name (src/views/home/index.vue:9); our slides are painted with their colour. */
function withSlideImage(slide: Item): Item {
  const colour = typeof slide.color === 'string' && /^#[0-9a-fA-F]{6}$/.test(slide.color) ? slide.color.slice(1).toLowerCase() : '1f4e79'
  return { ...slide, name: `slide-${colour}.svg` }
}

const each = (present: (item: Item) => Item) => (list: unknown) => (Array.isArray(list) ? list.map(present) : list)
const covers = each(withCover)
const newsImages = each(withNewsImage)

/** What the bare dialect answers differently, by route: only the image fields the earlier clients build URLs from. */
const PRESENTERS: Record<string, (data: Item) => unknown> = {
  '/basedata/carousel/listData': each(withSlideImage),
  '/basedata/home/mapData': (data) => ({ ...data, report: covers(data.report), market: newsImages(data.market) }),
  '/report/researchReport/pageList': (data) => ({
    ...data,
    pageList: { ...(data.pageList as Item), list: covers((data.pageList as Item).list) },
  }),
  '/report/researchReport/form': withCover,
  '/report/researchReport/hotReports': covers,
  '/report/marketInfo/pageList': (data) => ({ ...data, list: newsImages(data.list) }),
  '/report/marketInfo/detailList': (data) => ({ ...data, vo: withNewsImage(data.vo as Item) }),
  '/report/marketInfo/topList': newsImages,
  '/report/marketInfo/marketInfoTopSixList': newsImages,
}

function isSuccess(payload: unknown): payload is { code: number; msg: string; data: unknown } {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    (payload as { code?: unknown }).code === SUCCESS_CODE &&
    'data' in payload &&
    'msg' in payload
  )
}

/** The schema of a route's success data: its 200 response is Envelope(data). */
function dataSchema(request: FastifyRequest): Record<string, unknown> | undefined {
  const response = request.routeOptions.schema?.response as Record<string, { properties?: { data?: Record<string, unknown> } }> | undefined
  return response?.[200]?.properties?.data
}

async function bareDialect(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const prefix = barePrefix(app.config.LEGACY_BARE_PREFIX)
    if (prefix && (route.url === prefix || route.url.startsWith(`${prefix}/`))) {
      throw new Error(`LEGACY_BARE_PREFIX ${prefix} would hide the route ${route.url}; choose another prefix`)
    }
  })

  // A success becomes its data, serialized by the route's own schema for it
  // (the same fields, in the same order, as inside the envelope).
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!isBare(request) || !isSuccess(payload)) return payload
    const schema = dataSchema(request)
    reply.serializer(schema ? reply.compileSerializationSchema(schema) : JSON.stringify)
    const present = PRESENTERS[request.routeOptions.url ?? '']
    return present && payload.data !== null && typeof payload.data === 'object' ? present(payload.data as Item) : payload.data
  })
}

export default fp(bareDialect, { name: 'bare-dialect', dependencies: ['config'] })
