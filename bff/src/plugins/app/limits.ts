import { createCipheriv, createHash } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../../http/envelope.ts'
import { LIMIT_POLICIES, type LimitPolicy } from '../../lib/limit-policies.ts'
import type { SettingValues } from '../../lib/settings-table.ts'

export interface Budget {
  /** Requests per address per window */
  address: number
  /** Requests per account per window, where the policy counts accounts */
  account?: number
  windowS: number
}

/** What the limits counted since the ops statistics last took it. */
export interface LimitTallies {
  requests: Partial<Record<LimitPolicy, number>>
  refusals: Partial<Record<LimitPolicy, number>>
  /** policy|ip|address or policy|acct|digest, and how many requests of it were refused */
  refused: Map<string, number>
}

export interface Limits {
  /**
   * Counts the request against its policy's budgets; throws a 429 AppError when one is spent.
   * subject: what a policy that counts only some requests (search) judges, where
   * that is not the request's body: a page's list query (its pageNo, keyword).
   */
  enforce(request: FastifyRequest, policy: LimitPolicy, subject?: unknown): Promise<void>
  /** Throws the 429 when the address has spent the policy's budget already, without counting this request. */
  check(request: FastifyRequest, policy: LimitPolicy): Promise<void>
  /**
   * Clears the counters of an address or an account (a login name, an e-mail
   * address, or the digest the statistics show), for one policy or all of
   * them, on every instance: the counters are shared. Answers the keys cleared.
   */
  unblock(target: { address?: string; account?: string; policy?: LimitPolicy }): Promise<string[]>
  budgets(): Record<LimitPolicy, Budget>
  /** Takes the counts gathered since the last call */
  drain(): LimitTallies
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limits
  }
}

function bodyField(request: FastifyRequest, field: string): string | undefined {
  const body = request.body
  if (!body || typeof body !== 'object' || Buffer.isBuffer(body)) return undefined
  const value = (body as Record<string, unknown>)[field]
  return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined
}

/**
 * A report search whose cost grows with the catalogue: a keyword of one
 * character or of symbols only (%, .), which matches nearly every report, or
 * a page past the 50th, which crawlers walk and people do not. Only these
 * count against the search policy; every other search is free.
 */
export function isExpensiveSearch(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Buffer.isBuffer(body)) return false
  const fields = body as Record<string, unknown>
  const raw = fields.keyword ?? fields.queryKeyword
  const keyword = typeof raw === 'string' ? raw.trim() : ''
  if (keyword !== '' && ([...keyword].length === 1 || !/[\p{L}\p{N}]/u.test(keyword))) return true
  return Number(fields.pageNo) > 50
}

/** Policies that count only some of the requests they guard. */
const COUNTS_ONLY: Partial<Record<LimitPolicy, (request: FastifyRequest, subject?: unknown) => boolean>> = {
  // The proxied list call's body, or the list query of the page that makes the same call (ssr, /bff/pages/reports).
  search: (request, subject) => isExpensiveSearch(subject ?? request.body),
}

// Accounts are hashed so neither login names nor e-mail addresses sit in Redis.
const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22)

/** The budgets the settings give each policy (lib/settings-table.ts). */
function budgetsOf(v: Readonly<SettingValues>): Record<LimitPolicy, Budget> {
  const windowS = v.RATE_LIMIT_WINDOW_S
  return {
    login: { address: v.RATE_LIMIT_LOGIN_MAX, account: v.RATE_LIMIT_LOGIN_ACCOUNT_MAX, windowS },
    register: { address: v.RATE_LIMIT_REGISTER_MAX, windowS },
    captcha: { address: v.RATE_LIMIT_CAPTCHA_MAX, windowS },
    forgetPwd: { address: v.RATE_LIMIT_FORGET_PWD_MAX, account: v.RATE_LIMIT_FORGET_PWD_ACCOUNT_MAX, windowS },
    customerInfo: { address: v.RATE_LIMIT_CUSTOMER_INFO_MAX, account: v.RATE_LIMIT_CUSTOMER_INFO_ACCOUNT_MAX, windowS },
    licenceMail: { address: v.RATE_LIMIT_LICENCE_MAIL_MAX, account: v.RATE_LIMIT_LICENCE_MAIL_ACCOUNT_MAX, windowS },
    notFound: { address: v.RATE_LIMIT_NOT_FOUND_MAX, windowS },
    opsAuth: { address: v.RATE_LIMIT_OPS_AUTH_MAX, windowS },
    search: { address: v.RATE_LIMIT_SEARCH_MAX, windowS },
    staffLogin: { address: v.RATE_LIMIT_STAFF_LOGIN_MAX, account: v.RATE_LIMIT_STAFF_LOGIN_ACCOUNT_MAX, windowS },
  }
}

async function limitsPlugin(app: FastifyInstance) {
  // The account a request acts for, where one is known. loginCode arrives
  // encrypted with a fixed key in ECB mode, so one account is one ciphertext.
  const accountOf: Partial<Record<LimitPolicy, (request: FastifyRequest) => string | undefined>> = {
    login: (request) => bodyField(request, 'loginCode'),
    forgetPwd: (request) => bodyField(request, 'email'),
    customerInfo: (request) => app.session.token(request) ?? bodyField(request, 'email'),
    // Seat invitations and verification mails are sent for a signed-in account: counted per session.
    licenceMail: (request) => app.session.token(request),
    staffLogin: (request) => bodyField(request, 'name'),
  }

  type Check = ReturnType<FastifyInstance['createRateLimit']>
  const build = (budgets: Record<LimitPolicy, Budget>) => {
    const built = new Map<LimitPolicy, { address: Check; account?: Check }>()
    for (const policy of LIMIT_POLICIES) {
      const budget = budgets[policy]
      const account = accountOf[policy]
      const timeWindow = budget.windowS * 1000
      built.set(policy, {
        // The policy is part of every key: all limiters share one store (and one Redis namespace).
        address: app.createRateLimit({ max: budget.address, timeWindow, keyGenerator: (request) => `${policy}:ip:${request.ip}` }),
        ...(budget.account && account
          ? {
              account: app.createRateLimit({
                max: budget.account,
                timeWindow,
                keyGenerator: (request) => `${policy}:acct:${digest(account(request) ?? '')}`,
              }),
            }
          : {}),
      })
    }
    return built
  }
  // Rebuilt whole when ops change a limit: a request reads whichever set is current, never a half-changed one.
  let budgets = budgetsOf(app.settings.values)
  let checks = build(budgets)
  app.settings.onChange((values) => {
    const next = budgetsOf(values)
    if (JSON.stringify(next) === JSON.stringify(budgets)) return
    budgets = next
    checks = build(next)
  })

  // Counted here as plain numbers, taken by the ops statistics every few seconds.
  let tallies: LimitTallies = { requests: {}, refusals: {}, refused: new Map() }
  const refuse = (request: FastifyRequest, policy: LimitPolicy, key: string, ttlInSeconds: number): never => {
    app.metrics.rateLimitRejections.inc({ policy })
    tallies.refusals[policy] = (tallies.refusals[policy] ?? 0) + 1
    const label = key.startsWith(`${policy}:ip:`) ? `${policy}|ip|${request.ip}` : `${policy}|acct|${key.slice(policy.length + 6)}`
    // Bounded: a flood of addresses between two reads keeps only what it had.
    if (tallies.refused.size < 10_000 || tallies.refused.has(label)) tallies.refused.set(label, (tallies.refused.get(label) ?? 0) + 1)
    throw new AppError('TOO_MANY_REQUESTS', { 'retry-after': Math.max(1, ttlInSeconds) })
  }

  async function enforce(request: FastifyRequest, policy: LimitPolicy, subject?: unknown) {
    const check = checks.get(policy)
    if (!check) return
    if (COUNTS_ONLY[policy] && !COUNTS_ONLY[policy](request, subject)) return
    tallies.requests[policy] = (tallies.requests[policy] ?? 0) + 1
    const applicable = [check.address]
    if (check.account && accountOf[policy]?.(request) !== undefined) applicable.push(check.account)
    for (const limiter of applicable) {
      const result = await limiter(request)
      if (!result.isAllowed && result.isExceeded) refuse(request, policy, result.key, result.ttlInSeconds)
    }
  }

  async function check(request: FastifyRequest, policy: LimitPolicy) {
    const limiter = checks.get(policy)?.address
    if (!limiter) return
    const result = await limiter(request, { increment: false })
    if (!result.isAllowed && result.isExceeded) refuse(request, policy, result.key, result.ttlInSeconds)
  }

  const encryptedLogin = (name: string) => {
    const cipher = createCipheriv('aes-128-ecb', Buffer.from(app.config.CREDENTIAL_KEY, 'utf8'), null)
    return Buffer.concat([cipher.update(name, 'utf8'), cipher.final()]).toString('base64')
  }

  async function unblock({ address, account, policy }: { address?: string; account?: string; policy?: LimitPolicy }) {
    const keys = new Set<string>()
    for (const name of policy ? [policy] : LIMIT_POLICIES) {
      if (address) keys.add(`${name}:ip:${address.trim()}`)
      if (!account || !accountOf[name]) continue
      const value = account.trim()
      // As the request carried it: an e-mail address, or the login code the client makes of a login name.
      const forms = new Set([value.toLowerCase()])
      if (name === 'login') for (const typed of [value, value.toLowerCase()]) forms.add(encryptedLogin(typed).toLowerCase())
      for (const form of forms) keys.add(`${name}:acct:${digest(form)}`)
      // Or the digest itself, as the statistics show refused accounts.
      if (/^[A-Za-z0-9_-]{22}$/.test(value)) keys.add(`${name}:acct:${value}`)
    }
    await app.rateLimitStore.reset([...keys])
    return [...keys]
  }

  function drain() {
    const taken = tallies
    tallies = { requests: {}, refusals: {}, refused: new Map() }
    return taken
  }

  app.decorate('limits', { enforce, check, unblock, budgets: () => budgets, drain } satisfies Limits)
}

export default fp(limitsPlugin, { name: 'limits', dependencies: ['config', 'rate-limit', 'session', 'metrics', 'settings'] })
