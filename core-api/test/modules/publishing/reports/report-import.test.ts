import { afterAll, beforeAll, expect, it } from 'vitest'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { createDict } from '../../../helpers/factories.ts'
import { editionInput } from '../../../helpers/staff-reports.ts'

// The import's service method (called by the import of CSV/XLSX files) at
// several batches' size, in both languages; the 10,000 reports an import takes within the minute,
// and how long they take, are the bench's (npm run bench: the import).
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
  await createDict(t.app, 'reports_category', [['energy', '能源']])
})
afterAll(() => t?.close())

it('imports 2,000 reports in batches, and again (updating each by its slug) without duplicates', async () => {
  const actor = { id: '0', name: 'importer', role: 'editor' as const, ip: null }
  const items = Array.from({ length: 2_000 }, (_, i) => ({
    status: 'published' as const,
    editions: {
      'zh-CN': editionInput('zh-CN', { title: `批量导入报告 ${i}`, summary: `<p>批量 ${i}</p>` }),
      'en-US': editionInput('en-US', { title: `Bulk imported report ${i}` }),
    },
    files: {
      'en-US': { full: { key: `imports/${i}.pdf`, name: `${i}.pdf`, size: 1000 + i, sha256: 'b'.repeat(64), type: 'application/pdf' } },
    },
  }))
  const result = await t.app.staffReports.importBatch(items, actor)
  expect(result).toMatchObject({ created: 2_000, updated: 0 })
  const again = await t.app.staffReports.importBatch(items.slice(0, 600), actor)
  expect(again).toMatchObject({ created: 0, updated: 600 })
  const list = body(
    await t.app.inject({
      method: 'POST',
      url: '/report/researchReport/pageList',
      payload: { lang: 'en-US', keyword: 'bulk imported report' },
    }),
  )
  expect(list.data.pageList.count).toBe(2_000)
}, 180_000)
