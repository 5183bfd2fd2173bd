// The staff desk journeys' help: the console's list rows, an
// export read as a spreadsheet reads it, and the audit log as an
// administrator asks for it.
import ExcelJS from 'exceljs'
import type { Locator, Page } from 'playwright-core'
import { expect, inject } from 'vitest'
import { corePost, newUser, registerBody } from './api.ts'
import { totpCode, type StaffAccount } from './staff.ts'

/** The rows of the console's list on the page (not the "nothing matches" row). */
export function listRows(page: Page): Locator {
  return page.locator('table.staff-table tbody tr').filter({ hasNot: page.locator('td.staff-empty') })
}

/** Waits until the list shows exactly one row, holding `text`, and answers it. */
export async function onlyRow(page: Page, text: string): Promise<Locator> {
  const rows = listRows(page)
  await expect.poll(async () => (await rows.count()) === 1 && ((await rows.first().textContent()) ?? '').includes(text)).toBe(true)
  return rows.first()
}

/** Clicks an export link of the console and answers the downloaded file's name and bytes. */
export async function download(page: Page, link: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(await file.failure()).toBeNull()
  // The browser runs as a server the tests connect to: the file is read through the connection.
  const chunks: Buffer[] = []
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer)
  return { name: file.suggestedFilename(), bytes: Buffer.concat(chunks) }
}

/** The fields of a CSV (RFC 4180: quoted fields, doubled quotes, CRLF), a UTF-8 byte-order mark dropped. */
export function parseCsv(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '')
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i += 1
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      if (c === '\r') i += 1
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += c
  }
  if (field !== '' || row.length > 0) rows.push([...row, field])
  return rows
}

/** An export's rows as records by column header; each value as the reader gets it (XLSX: the cell's value and whether it is a formula). */
export type SheetRow = Record<string, { text: string; formula: boolean }>

export function csvRecords(bytes: Buffer): SheetRow[] {
  const [headers = [], ...rows] = parseCsv(bytes)
  return rows.map((row) => Object.fromEntries(headers.map((h, i) => [h, { text: row[i] ?? '', formula: false }])))
}

/** The first worksheet of an XLSX file, read with exceljs as a spreadsheet program would open it. */
export async function xlsxRecords(bytes: Buffer): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new Error('the workbook has no worksheet')
  const headers: string[] = []
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, column) => (headers[column] = cell.text))
  const records: SheetRow[] = []
  sheet.eachRow((row, number) => {
    if (number === 1) return
    const record: SheetRow = {}
    headers.forEach((header, column) => {
      const cell = row.getCell(column)
      record[header] = { text: cell.text, formula: cell.type === ExcelJS.ValueType.Formula }
    })
    records.push(record)
  })
  return records
}

interface AuditEntry {
  id: string
  actor: string
  action: string
  target: string | null
  after: unknown
}

/**
 * The audit log's entries (of one staff member, one record), newest first,
 * as an administrator reads them: signed in to the core API's staff calls with
 * the authenticator's code (the console's audit view makes the same call).
 */
export async function auditOf(
  admin: StaffAccount,
  filter: { actor?: string; target?: string },
  /** 30-second steps ahead for the code: 1 when the admin has just signed in with the current one */
  stepsAhead = 0,
): Promise<AuditEntry[]> {
  const core = inject('coreUrl')
  const login = await fetch(`${core}/staff/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ lang: 'en-US', name: admin.name, password: admin.password, totp: await totpCode(admin.secret, stepsAhead) }),
  })
  const session = (await login.json()) as { code: number; data: { token: string } }
  expect(session.code, JSON.stringify(session)).toBe(200)
  const headers = { Accept: 'application/json', authorization: `Bearer ${session.data.token}` }
  const query = new URLSearchParams({ lang: 'en-US', pageSize: '100', ...filter })
  const answer = (await (await fetch(`${core}/staff/audit?${query.toString()}`, { headers })).json()) as {
    code: number
    data: { list: AuditEntry[] }
  }
  expect(answer.code, JSON.stringify(answer)).toBe(200)
  await fetch(`${core}/staff/logout`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ lang: 'en-US' }),
  })
  return answer.data.list
}

/**
 * One record in each of the desk's lists, made as visitors make them (a custom
 * request, an account, an unpaid order), so that a journey that opens a record
 * of each list does not depend on what other journeys left behind.
 */
export async function seedDeskRecords(marker: string): Promise<void> {
  const request = await corePost('/basedata/customerInfo/save', {
    type: '2',
    companyName: `版式测试公司 ${marker}`,
    email: `layout.${marker}@example.com`,
    contact: '13812345678',
    name: '王芳',
    demand: `锂电池回收市场规模 ${marker}`,
  })
  if (request.code !== 200) throw new Error(`the request was refused: ${JSON.stringify(request)}`)
  const registered = await corePost<{ token: string }>('/report/websiteUser/register', registerBody(newUser(`lay${marker}`)))
  if (registered.code !== 200) throw new Error(`the account was refused: ${JSON.stringify(registered)}`)
  const list = await corePost<{ pageList: { list: Array<{ id: string | number }> } }>('/report/researchReport/pageList', {
    pageNo: 1,
    pageSize: 10,
  })
  for (const { id } of list.data.pageList.list) {
    const order = await corePost(
      '/report/websiteUserResearchOrder/save',
      { reportId: String(id), edition: 'standard', licence: 'multi' },
      registered.data.token,
    )
    if (order.code === 200) return
  }
  throw new Error('no report of the first page could be ordered')
}
