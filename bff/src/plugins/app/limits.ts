import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../../http/envelope.ts'

export type LimitPolicy = 'login' | 'register' | 'captcha' | 'forgetPwd' | 'customerInfo' | 'notFound'

export interface Limits {
  /** Counts the request against its policy's budgets; throws a 429 AppError when one is spent. */
  enforce(request: FastifyRequest, policy: LimitPolicy): Promise<void>
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

// Accounts are hashed so neither login names nor e-mail addresses sit in Redis.
const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22)

async function limitsPlugin(app: FastifyInstance) {
  const c = app.config
  const windowMs = c.RATE_LIMIT_WINDOW_S * 1000

  // The account a request acts for, where one is known. loginCode arrives
  // encrypted with a fixed key in ECB mode, so one account is one ciphertext.
  const accountOf: Partial<Record<LimitPolicy, (request: FastifyRequest) => string | undefined>> = {
    login: (request) => bodyField(request, 'loginCode'),
    forgetPwd: (request) => bodyField(request, 'email'),
    customerInfo: (request) => app.session.token(request) ?? bodyField(request, 'email'),
  }
  const budgets: Record<LimitPolicy, { address: number; account?: number }> = {
    login: { address: c.RATE_LIMIT_LOGIN_MAX, account: c.RATE_LIMIT_LOGIN_ACCOUNT_MAX },
    register: { address: c.RATE_LIMIT_REGISTER_MAX },
    captcha: { address: c.RATE_LIMIT_CAPTCHA_MAX },
    forgetPwd: { address: c.RATE_LIMIT_FORGET_PWD_MAX, account: c.RATE_LIMIT_FORGET_PWD_ACCOUNT_MAX },
    customerInfo: { address: c.RATE_LIMIT_CUSTOMER_INFO_MAX, account: c.RATE_LIMIT_CUSTOMER_INFO_ACCOUNT_MAX },
    notFound: { address: c.RATE_LIMIT_NOT_FOUND_MAX },
  }

  type Check = ReturnType<FastifyInstance['createRateLimit']>
  const checks = new Map<LimitPolicy, { address: Check; account?: Check }>()
  for (const [policy, budget] of Object.entries(budgets) as [LimitPolicy, { address: number; account?: number }][]) {
    const account = accountOf[policy]
    checks.set(policy, {
      // The policy is part of every key: all limiters share one store (and one Redis namespace).
      address: app.createRateLimit({ max: budget.address, timeWindow: windowMs, keyGenerator: (request) => `${policy}:ip:${request.ip}` }),
      ...(budget.account && account
        ? { account: app.createRateLimit({ max: budget.account, timeWindow: windowMs, keyGenerator: (request) => `${policy}:acct:${digest(account(request) ?? '')}` }) }
        : {}),
    })
  }

  async function enforce(request: FastifyRequest, policy: LimitPolicy) {
    const check = checks.get(policy)
    if (!check) return
    const applicable = [check.address]
    if (check.account && accountOf[policy]?.(request) !== undefined) applicable.push(check.account)
    for (const limiter of applicable) {
      const result = await limiter(request)
      if (!result.isAllowed && result.isExceeded) {
        app.metrics.rateLimitRejections.inc({ policy })
        throw new AppError('TOO_MANY_REQUESTS', { 'retry-after': Math.max(1, result.ttlInSeconds) })
      }
    }
  }

  app.decorate('limits', { enforce } satisfies Limits)
}

export default fp(limitsPlugin, { name: 'limits', dependencies: ['config', 'rate-limit', 'session', 'metrics'] })
