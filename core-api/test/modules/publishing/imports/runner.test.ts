import { createHash } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ImportService, type ImportItem, type ReportImporter } from '../../../../src/modules/publishing/imports/service.ts'
import { syntheticCsv } from '../../../../src/modules/publishing/imports/synthetic.ts'
import { categoriesOf } from '../../../../src/modules/publishing/imports/plugin.ts'
import { buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { createDict } from '../../../helpers/factories.ts'
import { PDF, tempDir, writeTemp, zipOf } from './fixtures.ts'

// The import's own half, with the report service's side recorded: batches of
// a fixed BATCH_SIZE here (sized to a time in production: batch-size.test.ts) in sheet order, each row's files streamed into the file store with
// their SHA-256, progress kept, and a restarted run going on from `done`.

/** Batches held to one size, so the test does not depend on how fast they ran */
const BATCH_SIZE = 50
let t: TestApp
let dir: string
const actor = { id: '0', name: 'cli:test', role: 'admin' as const, ip: '127.0.0.1' }

beforeAll(async () => {
  t = await buildTestApp()
  dir = await tempDir()
  await createDict(t.app, 'reports_category', [['1', '能源']])
  await createDict(t.app, 'reports_category_en', [['1', 'Energy']])
})
afterAll(async () => {
  await t?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

class RecordingImporter implements ReportImporter {
  batches: ImportItem[][] = []
  failAfter = Infinity
  async importBatch(items: ImportItem[]) {
    if (this.batches.length >= this.failAfter) throw new Error('the database went away')
    this.batches.push(items)
    return { created: items.length, updated: 0, codes: items.map((item) => item.code!) }
  }
}

function serviceWith(importer: ReportImporter, listsAnswered?: () => Promise<void>): ImportService {
  return new ImportService({
    sequelize: t.app.db.sequelize,
    files: t.app.files,
    log: t.app.log,
    categories: () => categoriesOf(t.app),
    importer: () => importer,
    batching: { first: BATCH_SIZE, min: BATCH_SIZE, max: BATCH_SIZE, targetMs: 50, minRowsPerSecond: 0, maxMs: 50 },
    ...(listsAnswered ? { listsAnswered } : {}),
  })
}

it('hands importBatch batches of BATCH_SIZE with the files stored and hashed, and resumes from done', async () => {
  // Two whole batches and part of a third
  const rows = 2 * BATCH_SIZE + 20
  const csv = syntheticCsv({ rows, category: '1', prefix: 'runner' })
    .replace('\n', ',en.file.sample\n')
    .replace(/(\n[^\n]+)\n/, '$1,samples/one.pdf\n')
  const sheetFile = await writeTemp(dir, 'runner.csv', csv)
  const zipFile = await writeTemp(dir, 'runner.zip', await zipOf({ 'samples/one.pdf': PDF }))

  const importer = new RecordingImporter()
  importer.failAfter = 1
  const service = serviceWith(importer)
  const progress: number[] = []
  await expect(
    service.start({ actor, sheetFile, zipFile, dryRun: false }, { inline: true, onProgress: (p) => progress.push(p.done) }),
  ).rejects.toThrow('the database went away')
  const [{ id } = { id: '' }] = await t.app.db.sequelize.query<{ id: string }>(
    `SELECT id::text AS id FROM staff_import ORDER BY id DESC LIMIT 1`,
    {
      type: 'SELECT' as never,
    },
  )
  expect(await service.store.get(id)).toMatchObject({ status: 'failed', total: rows, done: BATCH_SIZE, created: BATCH_SIZE })

  // The job, retried: it reads the kept sheet and zip from the file store and goes on from the second batch's first row.
  importer.failAfter = Infinity
  await service.run(id)
  expect(await service.store.get(id)).toMatchObject({ status: 'done', total: rows, done: rows, created: rows })
  expect(importer.batches.map((batch) => batch.length)).toEqual([BATCH_SIZE, BATCH_SIZE, 20])
  expect(importer.batches[1]![0]!.code).toBe(`RUNNER-${String(BATCH_SIZE + 1).padStart(6, '0')}`)
  expect(progress).toEqual([0, BATCH_SIZE])

  const first = importer.batches[0]![0]!
  expect(first.status).toBe('published')
  expect(first.editions['en-US']).toMatchObject({ slug: 'runner-en-000001', prices: { single: 1480.5, multi: 1980, enterprise: 3980 } })
  expect(first.editions['zh-CN']).toMatchObject({ pages: 100, prices: { single: 9800, multi: 12800, enterprise: null } })
  const sample = first.files!['en-US']!.sample!
  expect(sample).toMatchObject({
    name: 'one.pdf',
    size: PDF.length,
    type: 'application/pdf',
    sha256: createHash('sha256').update(PDF).digest('hex'),
  })
  const stored: Buffer[] = []
  for await (const chunk of await t.app.files.open(sample.key)) stored.push(chunk as Buffer)
  expect(Buffer.concat(stored).equals(PDF)).toBe(true)

  const audit = await t.app.db.sequelize.query<{ action: string }>(`SELECT action FROM staff_audit WHERE target = $1 ORDER BY id`, {
    bind: [`import:${id}`],
    type: 'SELECT' as never,
  })
  expect(audit.map((row) => row.action)).toEqual(['reports.import', 'reports.import.done'])
})

it('gives way between batches to the public lists asking the database, for 100 ms at most', async () => {
  const sheetFile = await writeTemp(dir, 'give-way.csv', syntheticCsv({ rows: 2 * BATCH_SIZE, category: '1', prefix: 'giveway' }))
  const importer = new RecordingImporter()
  const startedAt: number[] = []
  const original = importer.importBatch.bind(importer)
  importer.importBatch = async (items) => {
    startedAt.push(performance.now())
    return original(items)
  }
  // The first batch's lists are answered 50 ms after it; the second's never (the cap ends the wait).
  let asked = 0
  const listsAnswered = () => new Promise<void>((resolve) => (++asked === 1 ? setTimeout(resolve, 50) : undefined))
  await serviceWith(importer, listsAnswered).start({ actor, sheetFile, dryRun: false }, { inline: true })
  expect(importer.batches.map((batch) => batch.length)).toEqual([BATCH_SIZE, BATCH_SIZE])
  expect(asked).toBe(2)
  expect(startedAt[1]! - startedAt[0]!).toBeGreaterThanOrEqual(50)
})
