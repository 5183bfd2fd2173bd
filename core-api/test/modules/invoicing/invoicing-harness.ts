import type { FastifyInstance } from 'fastify'
import { QueryTypes } from 'sequelize'
import { expect } from 'vitest'
import { registerUser, type RegisteredUser } from '../../helpers/accounts.ts'
import { body } from '../../helpers/build-app.ts'
import { authed, bulletinWithFile, pressCashier, reportWithPrices } from '../../helpers/orders.ts'

// Invoicing tests' helpers: a buyer with a paid order (a bulletin in Chinese,
// a report in English), their calls, and the rows the desk writes.

export const TITLES = '/report/invoiceTitle'
export const VALID_USCC = ['91350100M000100Y43', '914403001922038216', '9144030071526726XG', '91330100799655058B']

export interface Buyer {
  user: RegisteredUser
  post(url: string, payload: Record<string, unknown>): Promise<{ code: number; msg: string; data: any }>
}

export async function buyer(app: FastifyInstance): Promise<Buyer> {
  const user = await registerUser(app)
  const api = authed(app, user.token)
  return { user, post: async (url, payload) => body(await api.post(url, payload)) }
}

/** A paid order of the buyer: a bulletin (zh-CN) or an English report (en-US). */
export async function paidOrder(
  app: FastifyInstance,
  who: Buyer,
  lang: 'zh-CN' | 'en-US' = 'zh-CN',
): Promise<{ id: string; orderNo: string }> {
  let pay: { id: string; orderNo: string; orderPayUrl: string }
  if (lang === 'zh-CN') {
    const { bulletin } = await bulletinWithFile(app)
    const answer = await who.post('/report/websiteUserOrder/payOrder', {
      researchBriefReportId: String(bulletin.id),
      payMethod: 'zfb',
      payPrice: 299,
    })
    expect(answer.code).toBe(200)
    pay = answer.data
  } else {
    const { report } = await reportWithPrices(app, { lang: 'en-US' })
    const saved = await who.post('/report/websiteUserResearchOrder/save', {
      reportId: String(report.id),
      edition: 'standard',
      licence: 'single',
      lang: 'en-US',
    })
    expect(saved.code).toBe(200)
    const answer = await who.post('/report/websiteUserResearchOrder/payOrder', {
      id: saved.data.id,
      payMethod: 'zfb',
      payPrice: 6800,
      lang: 'en-US',
    })
    expect(answer.code).toBe(200)
    pay = { ...answer.data, id: saved.data.id, orderNo: saved.data.orderNo }
  }
  await pressCashier(pay.orderPayUrl, 'success')
  const [row] = await app.db.sequelize.query<{ status: string; orderNo: string }>(
    `SELECT status, order_no AS "orderNo" FROM website_order WHERE id = $1`,
    { bind: [pay.id], type: QueryTypes.SELECT },
  )
  expect(row!.status).toBe('1')
  return { id: pay.id, orderNo: row!.orderNo }
}

export async function companyTitle(who: Buyer, overrides: Record<string, unknown> = {}): Promise<string> {
  const saved = await who.post(`${TITLES}/save`, { kind: 'company', name: '示例科技有限公司', taxNo: VALID_USCC[1], ...overrides })
  expect(saved.code).toBe(200)
  return saved.data.id as string
}

export const q = <T extends object>(app: FastifyInstance, sql: string, bind: unknown[] = []) =>
  app.db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT })

export const staffAudit = (app: FastifyInstance, target: string) =>
  q<{ actor: string; action: string; after: Record<string, unknown> }>(
    app,
    `SELECT actor, action, after FROM staff_audit WHERE target = $1 ORDER BY id`,
    [target],
  )
