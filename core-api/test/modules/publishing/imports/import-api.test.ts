import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../../../src/platform/lib/sql.ts'
import { syntheticCsv } from '../../../../src/modules/publishing/imports/synthetic.ts'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { createDict } from '../../../helpers/factories.ts'
import { addStaff, totpOf } from '../../../helpers/staff.ts'
import type { StaffRole } from '@rpt/contract'
import { bombZip, escapingZip, handWrittenWorkbook, multipart, PDF, PNG, zipOf } from './fixtures.ts'

// importReports and getImport over HTTP: the multipart form, the permission,
// the dry run's row errors in the caller's language, the zip's refusals.

let t: TestApp
const tokens: Partial<Record<StaffRole, string>> = {}

beforeAll(async () => {
  t = await buildTestApp()
  await createDict(t.app, 'reports_category', [['1', '能源']])
  await createDict(t.app, 'reports_category_en', [['1', 'Energy']])
  for (const role of ['editor', 'sales'] as const) {
    const staff = await addStaff(t.app, role)
    const answer = body(
      await t.app.inject({
        method: 'POST',
        url: '/staff/login',
        payload: { name: staff.name, password: staff.password, totp: await totpOf(staff.secret) },
      }),
    )
    tokens[role] = answer.data.token as string
  }
})
afterAll(() => t?.close())

async function post(parts: Parameters<typeof multipart>[0], lang = 'en-US', role: StaffRole = 'editor') {
  const { payload, headers } = await multipart(parts)
  return t.app.inject({
    method: 'POST',
    url: `/staff/imports?lang=${lang}`,
    payload,
    headers: { ...headers, authorization: `Bearer ${tokens[role]}` },
  })
}

const sheet = (text: string, name = 'reports.csv') => ({ name, data: Buffer.from(text) })
const BAD = [
  'code,zh.title,zh.slug,zh.category,zh.summary,zh.publishDate,zh.price.single',
  'A-1,好报告,one,1,<p>x</p>,2026-10-01,9800',
  'A-2,,one,7,<p>x</p>,2026-10-01,9.999',
].join('\n')

describe('importReports', () => {
  it('answers a dry run with each bad row, in the caller language, and changes nothing', async () => {
    const res = await post({ file: sheet(BAD), dryRun: 'true' })
    expect(res.statusCode).toBe(200)
    const answer = body(res)
    expect(answer.code).toBe(200)
    expect(answer.data).toMatchObject({ status: 'invalid', dryRun: true, total: 2, done: 0, created: 0, updated: 0 })
    expect(answer.data.errors).toEqual([
      { row: 3, column: 'zh.title', message: 'Missing required parameter: zh.title' },
      { row: 3, column: 'zh.price.single', message: expect.stringContaining('zh.price.single') },
      { row: 3, column: 'zh.category', message: 'Parameter zh.category: the category "7" is not in the category dictionary' },
      { row: 3, column: 'zh.slug', message: 'Parameter zh.slug repeats row 2 (a slug is unique within its language)' },
    ])
    const zh = body(
      await t.app.inject({
        method: 'GET',
        url: `/staff/imports/${answer.data.id}?lang=zh-CN`,
        headers: { authorization: `Bearer ${tokens.editor}` },
      }),
    )
    expect(zh.data.errors[0]).toEqual({ row: 3, column: 'zh.title', message: '缺少必填参数：zh.title' })
    const [audit] = await selectRows<{ action: string; after: Record<string, unknown> }>(
      t.app.db.sequelize,
      `SELECT action, after FROM staff_audit WHERE target = $1`,
      [`import:${answer.data.id}`],
    )
    expect(audit).toMatchObject({ action: 'reports.import.check', after: { dryRun: true, total: 2, errors: 4 } })
  })

  it('answers a sound dry run as ready, checking its files', async () => {
    const csv = syntheticCsv({ rows: 3, category: '1' })
      .replace('\n', ',zh.file.full\n')
      .replace(/(\n[^\n]+)\n/, '$1,files/a.pdf\n')
    const res = await post({ file: sheet(csv), files: { name: 'files.zip', data: await zipOf({ 'files/a.pdf': PDF }) }, dryRun: '1' })
    expect(body(res).data).toMatchObject({ status: 'ready', dryRun: true, total: 3, errors: [] })
  })

  it('refuses a zip bomb, an escaping path and a PNG named .pdf, with their codes', async () => {
    const csv = 'code,zh.title,zh.slug,zh.category,zh.summary,zh.publishDate,zh.file.full\nB-1,报告,b-one,1,<p>x</p>,2026-10-01,r/a.pdf\n'
    const bomb = await post({ file: sheet(csv), files: { name: 'f.zip', data: await bombZip() }, dryRun: 'true' })
    expect(bomb.statusCode).toBe(400)
    expect(body(bomb)).toMatchObject({ code: 300128, data: null })
    const escape = await post({ file: sheet(csv), files: { name: 'f.zip', data: await escapingZip() }, dryRun: 'true' }, 'zh-CN')
    expect(body(escape)).toMatchObject({ code: 300129, msg: expect.stringContaining('../evil.pdf') })
    const png = await post({ file: sheet(csv), files: { name: 'f.zip', data: await zipOf({ 'r/a.pdf': PNG }) }, dryRun: 'true' })
    expect(body(png)).toMatchObject({ code: 300130, msg: expect.stringContaining('"r/a.pdf" (image/png)') })
  })

  it('refuses a small workbook whose shared strings would inflate a hundredfold and more, in the caller language, never a 500', async () => {
    // 48 MB of one title, compressed to some 50 KB: refused from the zip's directory, before anything is inflated.
    const bomb = await handWrittenWorkbook([
      ['code', 'zh.title'],
      ['X-1', 'A'.repeat(48 * 1024 * 1024)],
    ])
    expect(bomb.length).toBeLessThan(1024 * 1024)
    const file = { name: 'reports.xlsx', data: bomb }
    const en = await post({ file, dryRun: 'true' })
    expect(en.statusCode).toBe(400)
    expect(body(en)).toEqual({
      code: 300136,
      msg: 'The report sheet (XLSX) was refused: "xl/sharedStrings.xml" compresses more than 100:1, as a zip bomb does',
      data: null,
    })
    const zh = await post({ file, dryRun: 'true' }, 'zh-CN')
    expect(body(zh)).toMatchObject({ code: 300136, msg: expect.stringContaining('「xl/sharedStrings.xml」压缩比超过 100:1'), data: null })
    const [audit] = await selectRows<{ after: Record<string, unknown> }>(
      t.app.db.sequelize,
      `SELECT after FROM staff_audit WHERE action = 'reports.import.refused' ORDER BY id DESC LIMIT 1`,
      [],
    )
    expect(audit?.after).toEqual({ dryRun: true, code: 300136 })
  })

  it('refuses a request without a sheet, an unknown part, and a role without reports.import', async () => {
    expect(body(await post({ dryRun: 'true' }))).toMatchObject({ code: 300121 })
    expect(body(await post({ file: sheet(BAD), other: 'x' }))).toMatchObject({ code: 300134 })
    const json = await t.app.inject({
      method: 'POST',
      url: '/staff/imports',
      payload: {},
      headers: { authorization: `Bearer ${tokens.editor}` },
    })
    expect(body(json)).toMatchObject({ code: 300134 })
    const sales = await post({ file: sheet(BAD), dryRun: 'true' }, 'en-US', 'sales')
    expect(sales.statusCode).toBe(403)
    expect(body(sales).code).toBe(300004)
    const anonymous = await t.app.inject({ method: 'GET', url: '/staff/imports/1' })
    expect(anonymous.statusCode).toBe(401)
    const missing = await t.app.inject({
      method: 'GET',
      url: '/staff/imports/999999?lang=en-US',
      headers: { authorization: `Bearer ${tokens.editor}` },
    })
    expect(missing.statusCode).toBe(404)
    expect(body(missing)).toMatchObject({ code: 300131, msg: 'No such import' })
  })

  it.runIf(!process.env.IMPORT_HAS_REPORTS)('refuses a real run while the report service is missing (503)', async (context) => {
    if (t.app.hasDecorator('staffReports')) context.skip()
    const res = await post({ file: sheet(syntheticCsv({ rows: 2, category: '1' })) })
    expect(res.statusCode).toBe(503)
    expect(body(res).code).toBe(300132)
  })
})
