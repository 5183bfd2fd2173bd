// docs/staff.md's roles table, made from the contract's permission table
// (@rpt/contract's STAFF_PERMISSIONS and STAFF_PERMISSION_DESCRIPTIONS):
//   npm run staff:roles-table               prints it
//   npm run staff:roles-table -- --write    writes it into docs/staff.md, between its markers
// core-api/test/scripts/staff-roles-table.test.ts fails while the file's table is not this one.
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { STAFF_PERMISSION_DESCRIPTIONS, STAFF_PERMISSIONS, STAFF_ROLES, staffMay, type StaffAction } from '@rpt/contract'

export const STAFF_DOC = fileURLToPath(new URL('../docs/staff.md', import.meta.url))
export const TABLE_START = '<!-- staff-roles:start -->'
export const TABLE_END = '<!-- staff-roles:end -->'

const cell = (text: string) => text.replaceAll('|', '\\|')

/** The Markdown table: a row per action, in the table's order (what it allows, ✓ for each role allowed it). */
export function staffRolesTable(): string {
  const actions = Object.keys(STAFF_PERMISSIONS) as StaffAction[]
  const rows = [
    `| action | allows | ${STAFF_ROLES.join(' | ')} |`,
    `| --- | --- | ${STAFF_ROLES.map(() => ':-:').join(' | ')} |`,
    ...actions.map(
      (action) =>
        `| \`${action}\` | ${cell(STAFF_PERMISSION_DESCRIPTIONS[action])} | ${STAFF_ROLES.map((role) => (staffMay(role, action) ? '✓' : '')).join(' | ')} |`,
    ),
  ]
  return `${rows.join('\n')}\n`
}

/** Where the table is in the document: the text between its markers. */
function markers(doc: string): { start: number; end: number } {
  const start = doc.indexOf(TABLE_START)
  const end = doc.indexOf(TABLE_END)
  if (start < 0 || end < start) throw new Error(`docs/staff.md has no ${TABLE_START} … ${TABLE_END}`)
  return { start: start + TABLE_START.length, end }
}

/** The table the document holds now. */
export function tableIn(doc: string): string {
  const { start, end } = markers(doc)
  return `${doc.slice(start, end).trim()}\n`
}

/** The document with the given table between its markers, a blank line either side (so Markdown reads it as a table of its own). */
export function withTable(doc: string, table: string = staffRolesTable()): string {
  const { start, end } = markers(doc)
  return `${doc.slice(0, start)}\n\n${table}\n${doc.slice(end)}`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--write')) {
    const doc = await readFile(STAFF_DOC, 'utf8')
    const next = withTable(doc)
    if (next === doc) console.log('docs/staff.md: the roles table is current')
    else {
      await writeFile(STAFF_DOC, next)
      console.log('docs/staff.md: wrote the roles table')
    }
  } else process.stdout.write(staffRolesTable())
}
