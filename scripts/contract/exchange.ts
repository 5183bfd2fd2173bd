// Helpers of record-contract.ts: the contract exchanges it records, written
// in the fixture format (scripts/testkit/format.ts).
import type { Fixture, FixtureRequest, VolatileRule } from '../testkit/format.ts'
import { requestFor, send } from '../testkit/send.ts'

export type ExchangeRequest = FixtureRequest

/**
 * Keys the database assigns: they differ between two databases loaded with
 * the same fixtures, so the replay checks only that they are strings.
 */
export const DATABASE_ASSIGNED_KEYS = ['id', 'dictCode'] as const

/** Sends a request to a core API as written. */
export async function sendToCore(base: string, request: ExchangeRequest): Promise<{ status: number; body: unknown }> {
  const { status, body } = await send(requestFor(base, request, 'core'))
  return { status, body }
}

function holdsKey(value: unknown, key: string): boolean {
  if (Array.isArray(value)) return value.some((item) => holdsKey(item, key))
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([k, v]) => k === key || holdsKey(v, key))
  return false
}

/** Tags a replay can select by: the resource, the language, refusal, and the set's own. */
function tagsFor(name: string, request: ExchangeRequest, response: { status: number; body: unknown }, set: 'main' | 'legacy'): string[] {
  const areas: Array<[string, string]> = [
    ['/basedata/dict', 'dict'],
    ['/basedata/carousel', 'carousel'],
    ['/basedata/home', 'home'],
    ['/basedata/config', 'config'],
    ['/basedata/customerInfo', 'custom-request'],
    ['/report/researchReport/', 'reports'],
    ['/report/researchBriefReport/', 'bulletins'],
    ['/report/marketInfo/', 'news'],
  ]
  const tags = [areas.find(([prefix]) => request.path.startsWith(prefix))?.[1] ?? 'unknown-path']
  const body = (request.body ?? {}) as Record<string, unknown>
  const key = String(request.query?.keys ?? request.query?.configKey ?? '')
  const dictType = typeof body.dictType === 'string' ? body.dictType : undefined
  const lang =
    request.query?.lang ??
    body.lang ??
    (dictType
      ? dictType.endsWith('_en')
        ? 'en-US'
        : 'zh-CN'
      : key.startsWith('en.')
        ? 'en-US'
        : key.startsWith('cn.')
          ? 'zh-CN'
          : undefined)
  if (lang === 'zh-CN') tags.push('zh')
  if (lang === 'en-US') tags.push('en')
  const code = (response.body as { code?: unknown } | null)?.code
  if (response.status !== 200 || code !== 200) tags.push('refusal')
  if (set === 'legacy') tags.push('legacy')
  if (name === 'customer-info-contact') tags.push('writes')
  return tags
}

export function toFixture(
  set: 'main' | 'legacy',
  name: string,
  description: string,
  request: ExchangeRequest,
  response: { status: number; body: unknown },
): Fixture {
  const volatile: VolatileRule[] = DATABASE_ASSIGNED_KEYS.filter((key) => holdsKey(response.body, key)).map((key) => ({
    path: `**.${key}`,
    match: 'string',
  }))
  return {
    $schema: set === 'legacy' ? '../../fixture.schema.json' : '../fixture.schema.json',
    name,
    description,
    tags: tagsFor(name, request, response, set),
    ...(volatile.length > 0 ? { volatile } : {}),
    exchanges: [{ request, response }],
  }
}
