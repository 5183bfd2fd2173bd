import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Sequelize } from 'sequelize'
import { writeAudit, type StaffActor } from '../../staff/index.ts'

// Signed preview links: the token carries what it shows and until
// when, signed with PREVIEW_SECRET (HMAC-SHA256), so any instance checks it
// without a lookup and nobody can make one for another record or extend it.

export const PREVIEW_TTL_SECONDS = 60 * 60

/** What a token can show; code is a report's code, or a bulletin's or news article's row id. */
export const PREVIEW_KINDS = ['report', 'bulletin', 'news'] as const

export interface PreviewClaim {
  kind: (typeof PREVIEW_KINDS)[number]
  code: string
  lang: 'zh-CN' | 'en-US'
  /** Expiry, seconds since the epoch */
  exp: number
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url')

export function signPreview(secret: string, claim: Omit<PreviewClaim, 'exp'>, now = Date.now()): { token: string; expiresAt: Date } {
  const exp = Math.floor(now / 1000) + PREVIEW_TTL_SECONDS
  const payload = Buffer.from(JSON.stringify({ ...claim, exp })).toString('base64url')
  return { token: `${payload}.${sign(secret, payload)}`, expiresAt: new Date(exp * 1000) }
}

/** The staff's link to a signed preview: the site path (under /en for an English draft, as its public page is) and its expiry. */
export function previewLink(secret: string, claim: Omit<PreviewClaim, 'exp'>): { url: string; expiresAt: string } {
  const { token, expiresAt } = signPreview(secret, claim)
  return { url: `${claim.lang === 'en-US' ? '/en' : ''}/preview/${token}`, expiresAt: expiresAt.toISOString() }
}

/**
 * A preview link handed to a staff member, with its audit row: for an hour it shows an unpublished text to
 * whoever holds it, so who asked for which record is kept (its edition and expiry; never the token).
 */
export async function auditedPreviewLink(
  sequelize: Sequelize,
  secret: string,
  claim: Omit<PreviewClaim, 'exp'>,
  actor: StaffActor,
): Promise<{ url: string; expiresAt: string }> {
  const link = previewLink(secret, claim)
  await writeAudit(sequelize, {
    actor: actor.name,
    action: `${claim.kind}.preview`,
    target: claim.code,
    ip: actor.ip ?? undefined,
    after: { edition: claim.lang, expiresAt: link.expiresAt },
  })
  return link
}

/** The claim of a genuine, unexpired token; undefined for anything else. */
export function verifyPreview(secret: string, token: string, now = Date.now()): PreviewClaim | undefined {
  const [payload, signature, ...rest] = token.split('.')
  if (!payload || !signature || rest.length > 0) return undefined
  const expected = Buffer.from(sign(secret, payload))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined
  let claim: PreviewClaim
  try {
    claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PreviewClaim
  } catch {
    return undefined
  }
  if (typeof claim !== 'object' || claim === null || !PREVIEW_KINDS.includes(claim.kind)) return undefined
  if (typeof claim.code !== 'string' || (claim.lang !== 'zh-CN' && claim.lang !== 'en-US')) return undefined
  if (typeof claim.exp !== 'number' || claim.exp * 1000 <= now) return undefined
  return claim
}
