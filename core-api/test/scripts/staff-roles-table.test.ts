import { readFile } from 'node:fs/promises'
import { STAFF_PERMISSIONS } from '@rpt/contract'
import { describe, expect, it } from 'vitest'
import { STAFF_DOC, staffRolesTable, tableIn, withTable } from '../../../scripts/staff-roles-table.ts'

// docs/staff.md's roles table is the contract's permission table: a change to
// the table (a new action, a role given or taken one) fails here until
// `npm run staff:roles-table -- --write` has written it into the doc.

describe("docs/staff.md's roles table", () => {
  it('is the one made from the contract (npm run staff:roles-table -- --write)', async () => {
    const doc = await readFile(STAFF_DOC, 'utf8')
    expect(tableIn(doc), 'docs/staff.md is out of date: npm run staff:roles-table -- --write').toBe(staffRolesTable())
  })

  it('has a row per action, and a ✓ in admin’s column on every one', () => {
    const rows = staffRolesTable().trimEnd().split('\n').slice(2)
    expect(rows.map((row) => /^\| `([^`]+)`/.exec(row)?.[1])).toEqual(Object.keys(STAFF_PERMISSIONS))
    for (const row of rows) expect(row.endsWith('| ✓ |'), row).toBe(true)
  })

  it('is replaced between its markers, the rest of the doc kept', () => {
    const doc = 'before\n<!-- staff-roles:start -->\n| old |\n<!-- staff-roles:end -->\nafter\n'
    const next = withTable(doc, '| new |\n')
    expect(next).toBe('before\n<!-- staff-roles:start -->\n\n| new |\n\n<!-- staff-roles:end -->\nafter\n')
    expect(tableIn(next)).toBe('| new |\n')
  })
})
