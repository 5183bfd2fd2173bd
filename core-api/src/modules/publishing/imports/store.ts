import type { Sequelize } from 'sequelize'
import type { ImportStatus, StaffImport } from '@rpt/contract'
import type { Lang } from '../../../platform/errors.ts'
import { selectRows } from '../../../platform/lib/sql.ts'
import type { StaffActor } from '../../staff/index.ts'
import type { RowIssue } from './messages.ts'
import type { SheetKind } from './sheet.ts'

// The staff_import rows: an import's files, status and progress.

export interface ImportRecord {
  id: string
  actor: StaffActor
  status: ImportStatus
  dryRun: boolean
  sheetKey: string | null
  sheetKind: SheetKind
  filesKey: string | null
  total: number
  done: number
  created: number
  updated: number
  errors: RowIssue[]
  message: Record<Lang, string> | null
  createdAt: Date
  updatedAt: Date
}

const COLUMNS = `id::text AS id, actor, status, dry_run AS "dryRun", sheet_key AS "sheetKey", sheet_kind AS "sheetKind",
  files_key AS "filesKey", total, done, created, updated, errors, message, created_at AS "createdAt", updated_at AS "updatedAt"`

export class ImportStore {
  constructor(private readonly sequelize: Sequelize) {}

  async create(actor: StaffActor, dryRun: boolean, sheetKind: SheetKind): Promise<string> {
    const [row] = await selectRows<{ id: string }>(
      this.sequelize,
      `INSERT INTO staff_import (actor, status, dry_run, sheet_kind) VALUES ($1, 'validating', $2, $3) RETURNING id::text AS id`,
      [JSON.stringify(actor), dryRun, sheetKind],
    )
    return row!.id
  }

  async get(id: string): Promise<ImportRecord | undefined> {
    const [row] = await selectRows<ImportRecord>(this.sequelize, `SELECT ${COLUMNS} FROM staff_import WHERE id = $1`, [id])
    return row
  }

  async update(
    id: string,
    fields: Partial<Pick<ImportRecord, 'status' | 'total' | 'sheetKey' | 'filesKey' | 'errors' | 'message'>>,
  ): Promise<void> {
    const names: Record<string, string> = {
      status: 'status',
      total: 'total',
      sheetKey: 'sheet_key',
      filesKey: 'files_key',
      errors: 'errors',
      message: 'message',
    }
    const sets: string[] = []
    const values: unknown[] = [id]
    for (const [field, value] of Object.entries(fields)) {
      values.push(field === 'errors' || field === 'message' ? JSON.stringify(value) : value)
      sets.push(`${names[field]!} = $${values.length}`)
    }
    await this.sequelize.query(`UPDATE staff_import SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, { bind: values })
  }

  /** Counts a batch in: `done` moves on only forward, so a batch redone after a crash does not count twice. */
  async progress(id: string, done: number, created: number, updated: number): Promise<void> {
    await this.sequelize.query(
      `UPDATE staff_import SET done = $2, created = created + $3, updated = updated + $4, updated_at = now() WHERE id = $1 AND done < $2`,
      { bind: [id, done, created, updated] },
    )
  }
}

/** An import as the API answers it, its messages in the caller's language. */
export function present(record: ImportRecord, lang: Lang): StaffImport {
  return {
    id: record.id,
    status: record.status,
    dryRun: record.dryRun,
    total: record.total,
    done: record.done,
    created: record.created,
    updated: record.updated,
    errors: record.errors.map((found) => ({ row: found.row, column: found.column, message: found.message[lang] })),
    message: record.message ? record.message[lang] : null,
    createdAt: new Date(record.createdAt).toISOString(),
    updatedAt: new Date(record.updatedAt).toISOString(),
  }
}
