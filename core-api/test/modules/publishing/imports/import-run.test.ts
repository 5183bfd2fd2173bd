import { rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest'
import type { StaffImport } from '@rpt/contract'
import { selectRows } from '../../../../src/platform/lib/sql.ts'
import { syntheticCsv, writeSyntheticCsv } from '../../../../src/modules/publishing/imports/synthetic.ts'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { createDict } from '../../../helpers/factories.ts'
import { addStaff, totpOf } from '../../../helpers/staff.ts'
import { multipart, PDF, tempDir, zipOf } from './fixtures.ts'

// A real import through the report service's importBatch (app.staffReports,
// written apart): these skip, saying why, until that service is registered.

const NO_SERVICE =
  'app.staffReports (the report service with importBatch) is not registered in this build: the real-run import tests are skipped'

let t: TestApp
let token: string
let dir: string

beforeAll(async () => {
  t = await buildTestApp()
  dir = await tempDir()
  await createDict(t.app, 'reports_category', [['1', '能源']])
  await createDict(t.app, 'reports_category_en', [['1', 'Energy']])
  const staff = await addStaff(t.app, 'editor')
  const answer = body(
    await t.app.inject({
      method: 'POST',
      url: '/staff/login',
      payload: { name: staff.name, password: staff.password, totp: await totpOf(staff.secret) },
    }),
  )
  token = answer.data.token as string
})
afterAll(async () => {
  await t?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

function needsReportService(context: TestContext): void {
  if (!t.app.hasDecorator('staffReports')) {
    console.warn(NO_SERVICE)
    context.skip()
  }
}

async function importOnce(csv: string, zip?: Buffer): Promise<StaffImport> {
  const { payload, headers } = await multipart({
    file: { name: 'reports.csv', data: Buffer.from(csv) },
    ...(zip ? { files: { name: 'files.zip', data: zip } } : {}),
  })
  const started = body<StaffImport>(
    await t.app.inject({
      method: 'POST',
      url: '/staff/imports?lang=en-US',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    }),
  )
  expect(started.data).toMatchObject({ status: 'ready', dryRun: false, errors: [] })
  // The job queue runs it; follow it as the console does.
  const deadline = Date.now() + 60_000
  for (;;) {
    const now = body<StaffImport>(
      await t.app.inject({
        method: 'GET',
        url: `/staff/imports/${started.data.id}?lang=en-US`,
        headers: { authorization: `Bearer ${token}` },
      }),
    ).data
    if (now.status === 'done' || now.status === 'failed' || Date.now() > deadline) return now
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('a real import', () => {
  it('imports, then a second run of the same sheet updates the same reports instead of duplicating them', async (context) => {
    needsReportService(context)
    const csv = syntheticCsv({ rows: 30, category: '1', prefix: 'twice' })
      .replace('\n', ',zh.file.full\n')
      .replace(/(\n[^\n]+)\n/, '$1,files/first.pdf\n')
    const zip = await zipOf({ 'files/first.pdf': PDF })
    const first = await importOnce(csv, zip)
    expect(first).toMatchObject({ status: 'done', total: 30, done: 30, created: 30, updated: 0 })
    const second = await importOnce(csv, zip)
    expect(second).toMatchObject({ status: 'done', total: 30, done: 30, created: 0, updated: 30 })
    const [count] = await selectRows<{ n: number }>(
      t.app.db.sequelize,
      `SELECT count(*)::int AS n FROM research_report WHERE web_title LIKE 'twice-%'`,
      [],
    )
    expect(count!.n).toBe(60)
  })

  it("stores a file under its name cleaned as an upload's: no direction overrides or control characters", async (context) => {
    needsReportService(context)
    // Shown right to left from the override, "txt.exe" reads as "exe.txt"; the bell is invisible.
    const entry = 'files/年度\u202Etxt.exe\u0007报告.pdf'
    const csv = syntheticCsv({ rows: 1, category: '1', prefix: 'clean-name' })
      .replace('\n', ',zh.file.full\n')
      .replace(/(\n[^\n]+)\n/, `$1,${entry}\n`)
    const done = await importOnce(csv, await zipOf({ [entry]: PDF }))
    expect(done).toMatchObject({ status: 'done', created: 1 })
    const [stored] = await selectRows<{ name: string }>(
      t.app.db.sequelize,
      `SELECT attachment_name AS name FROM research_report WHERE web_title LIKE 'clean-name-%' AND attachment_key IS NOT NULL`,
      [],
    )
    expect(stored?.name).toBe('年度txt.exe报告.pdf')
  })

  // Several batches; the 10,000 rows an import must take within the minute, and how long they take, are the bench's row (npm run bench).
  it('imports 2,000 reports in batches, reporting progress to the last row', async (context) => {
    needsReportService(context)
    const file = path.join(dir, 'bulk.csv')
    await writeSyntheticCsv(file, { rows: 2_000, category: '1', prefix: 'bulk' })
    const started = Date.now()
    let last = 0
    const record = await t.app.staffImports.start(
      { actor: { id: '0', name: 'cli:test', role: 'admin', ip: '127.0.0.1' }, sheetFile: file, dryRun: false },
      { inline: true, onProgress: (p) => (last = p.done) },
    )
    const seconds = (Date.now() - started) / 1000
    console.log(`import of 2,000 reports: ${seconds.toFixed(1)} s (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`)
    expect(record).toMatchObject({ status: 'done', total: 2_000, done: 2_000 })
    expect(last).toBe(2_000)
  }, 300_000)
})
