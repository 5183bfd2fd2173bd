import type { FastifyInstance } from 'fastify'
import type { ReportEditionInput } from '@rpt/contract'
import { expect } from 'vitest'
import type { StaffRole } from '@rpt/contract'
import { body } from './build-app.ts'
import { addStaff, totpOf } from './staff.ts'

// Staff report helpers: a signed-in staff member's calls, and a report's
// editions as an editor would fill them in.

export type Call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) => Promise<any>

/** A new staff member of `role`, signed in with a TOTP code; answers calls with its bearer token (raw responses). */
export async function staffCaller(app: FastifyInstance, role: StaffRole): Promise<{ name: string; token: string; raw: Call; call: Call }> {
  const staff = await addStaff(app, role)
  const login = body(
    await app.inject({
      method: 'POST',
      url: '/staff/login',
      payload: { name: staff.name, password: staff.password, totp: await totpOf(staff.secret) },
    }),
  )
  expect(login.code).toBe(200)
  const token = login.data.token as string
  const raw: Call = (method, url, payload) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) })
  const call: Call = async (method, url, payload) => body(await raw(method, url, payload))
  return { name: staff.name, token, raw, call }
}

let sequence = 0

/** An edition with every required field; overrides replace fields. */
export function editionInput(lang: 'zh-CN' | 'en-US', overrides: Record<string, unknown> = {}): ReportEditionInput {
  const n = ++sequence
  return {
    title: lang === 'zh-CN' ? `中国储能电池市场报告 ${n}` : `Global Storage Battery Market ${n}`,
    category: 'energy',
    region: '0',
    summary: `<p>${lang === 'zh-CN' ? '摘要' : 'Summary'} ${n} zeta${n}q</p>`,
    contents: '<ol><li>Chapter 1</li></ol>',
    publishDate: '2026-11-01',
    pages: 120,
    charts: 40,
    prices: { single: 6800, multi: 8800, enterprise: 12800 },
    ...overrides,
  }
}
