import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeAudit } from '../../../src/modules/staff/index.ts'
import { buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { staffCaller, type Call } from '../../helpers/staff-reports.ts'

// The admins' audit list reads newest first, by the rows' order of writing:
// its ids are answered as text (bigint), but ordered as numbers, so 100 comes
// before 99 and a page holds the latest writes.

let t: TestApp
let admin: Call

beforeAll(async () => {
  t = await buildTestApp()
  admin = (await staffCaller(t.app, 'admin')).call
})
afterAll(() => t?.close())

describe('the audit list', () => {
  it('answers the newest entry first across a change in the number of digits, page after page', async () => {
    // Ids written from here cross 99 → 100, where text and number orders part.
    await t.app.db.sequelize.query(`SELECT setval(pg_get_serial_sequence('staff_audit', 'id'), 95)`)
    const target = 'audit-order'
    const written = Array.from({ length: 15 }, (_, i) => `test.write.${i}`)
    for (const action of written) await writeAudit(t.app.db.sequelize, { actor: 'tester', action, target })
    const newestFirst = [...written].reverse()

    const first = (await admin('GET', `/staff/audit?target=${target}&pageSize=10`)).data
    expect(first.count).toBe(15)
    expect(first.list.map((entry: { action: string }) => entry.action)).toEqual(newestFirst.slice(0, 10))
    const ids = first.list.map((entry: { id: string }) => Number(entry.id))
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(ids[0]).toBeGreaterThanOrEqual(100)

    const second = (await admin('GET', `/staff/audit?target=${target}&pageSize=10&pageNo=2`)).data
    expect(second.list.map((entry: { action: string }) => entry.action)).toEqual(newestFirst.slice(10))

    // Unfiltered, the page starts with the latest write of all.
    const all = (await admin('GET', `/staff/audit`)).data
    expect(all.list[0]).toMatchObject({ action: newestFirst[0], target })
  })
})
