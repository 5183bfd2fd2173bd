import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { readSheet } from '../../../../src/modules/publishing/imports/sheet.ts'
import { repoRoot } from '../../../../src/platform/paths.ts'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { createDict } from '../../../helpers/factories.ts'
import { addStaff, totpOf } from '../../../helpers/staff.ts'
import { multipart, PDF, zipOf } from './fixtures.ts'

// The sample sheet docs/staff.md hands to editors passes the import's dry run
// on the seeded dictionaries: an example that fails its own check teaches
// the wrong categories.

const SAMPLE = path.join(repoRoot, 'docs', 'staff-import-sample.csv')

let t: TestApp
let token: string

beforeAll(async () => {
  t = await buildTestApp()
  // The category dictionaries as the seed loads them.
  const dicts = JSON.parse(await readFile(path.join(repoRoot, 'fixtures', 'content', 'dicts.json'), 'utf8')) as {
    dictType: string
    dictValue: string
    dictLabel: string
  }[]
  for (const type of ['reports_category', 'reports_category_en']) {
    await createDict(
      t.app,
      type,
      dicts.filter((entry) => entry.dictType === type).map((entry) => [entry.dictValue, entry.dictLabel]),
    )
  }
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
afterAll(() => t?.close())

it('passes its dry run without an error, with a zip of the files it names, and has both editions', async () => {
  const named = new Set<string>()
  const editions = new Set<string>()
  for await (const { cells } of readSheet(SAMPLE, 'csv')) {
    for (const [column, value] of cells) {
      if (/^(zh|en)\.file\./.test(column) && value) named.add(value)
      if (/^(zh|en)\.title$/.test(column) && value) editions.add(column.slice(0, 2))
    }
  }
  expect([...editions].sort()).toEqual(['en', 'zh'])
  expect(named.size).toBeGreaterThan(0)
  const zip = await zipOf(Object.fromEntries([...named].map((name) => [name, PDF])))
  const { payload, headers } = await multipart({
    file: { name: 'staff-import-sample.csv', data: await readFile(SAMPLE) },
    files: { name: 'files.zip', data: zip },
    dryRun: 'true',
  })
  for (const lang of ['en-US', 'zh-CN']) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/staff/imports?lang=${lang}`,
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(body(res).data).toMatchObject({ status: 'ready', dryRun: true, total: 2, errors: [] })
  }
})
