import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMigrator } from '../../../../src/platform/db/migrator.ts'
import { migrations } from '../../../../src/platform/db/migrations/index.ts'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { staffCaller } from '../../../helpers/staff-reports.ts'

// The media library's migration undone and applied again: the table goes,
// and comes back filled from the audit of the uploads made before it, one
// image per checksum with its earliest upload's name, uploader and time.
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const q = <T extends object>(sql: string, bind: unknown[] = []) => t.app.db.sequelize.query<T>(sql, { type: QueryTypes.SELECT, bind })
const hasTable = async () => (await q(`SELECT 1 FROM information_schema.tables WHERE table_name = 'media_image'`)).length === 1

const shaA = 'a'.repeat(64)
const shaB = 'b'.repeat(64)
const upload = (sha256: string, name: string | null, actor: string, at: string) => ({
  actor,
  at,
  after: { key: `media/images/${sha256}.png`, size: 1234, sha256, type: 'image/png', name },
})

it('undoes the media library and fills it again from the audit of earlier uploads', async () => {
  const name = '2026.12.02T00.00.32.media-library'
  expect(migrations.map((migration) => migration.name)).toContain(name)
  const migrator = await createMigrator(t.app.db.sequelize)
  expect(await hasTable()).toBe(true)

  await migrator.down({ to: name })
  expect(await hasTable()).toBe(false)

  const rows = [
    upload(shaA, 'later.png', 'ann', '2026-11-02T08:00:00Z'),
    upload(shaA, 'first.png', 'bob', '2026-11-01T08:00:00Z'),
    upload(shaB, null, 'cy', '2026-11-03T08:00:00Z'),
    // Not an image upload's row, or not one this library can name: left out.
    upload('c'.repeat(64), 'report.pdf', 'dee', '2026-11-04T08:00:00Z'),
    upload('not-a-checksum', 'x.png', 'eve', '2026-11-05T08:00:00Z'),
  ]
  for (const [i, row] of rows.entries()) {
    await t.app.db.sequelize.query(
      `INSERT INTO staff_audit (actor, action, target, after, at) VALUES ($1, $2, $3, $4::jsonb, $5::timestamptz)`,
      { bind: [row.actor, i === 3 ? 'report.upload' : 'media.upload', row.after.sha256.slice(0, 64), JSON.stringify(row.after), row.at] },
    )
  }

  await migrator.up()
  expect(await hasTable()).toBe(true)
  const images = await q<Record<string, unknown>>(
    `SELECT sha256, file_key, type, size::int AS size, name, uploaded_by, uploaded_at FROM media_image ORDER BY sha256`,
  )
  expect(images).toEqual([
    {
      sha256: shaA,
      file_key: `media/images/${shaA}.png`,
      type: 'image/png',
      size: 1234,
      name: 'first.png',
      uploaded_by: 'bob',
      uploaded_at: new Date('2026-11-01T08:00:00Z'),
    },
    {
      sha256: shaB,
      file_key: `media/images/${shaB}.png`,
      type: 'image/png',
      size: 1234,
      name: null,
      uploaded_by: 'cy',
      uploaded_at: new Date('2026-11-03T08:00:00Z'),
    },
  ])

  // listImages answers them, newest first; one uploaded without a name is listed under its file name.
  const editor = await staffCaller(t.app, 'editor')
  const listed = body(await editor.raw('GET', '/staff/media/images?lang=en-US'))
  expect(listed.data.list.map((item: { name: string }) => item.name)).toEqual([`${shaB}.png`, 'first.png'])
})
