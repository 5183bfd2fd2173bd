import type { Sequelize } from 'sequelize'
import {
  bankSettingProblem,
  configKindOf,
  parseEditionList,
  isBankSettingKey,
  staffMay,
  type ListConfigQuery,
  type StaffConfigItem,
  type StaffDictItem,
  type StaffDictList,
  type UpdateConfigBody,
  type UpdateDictItemBody,
} from '@rpt/contract'
import { AppError } from '../../platform/errors.ts'
import { sanitizeRichText } from '../../platform/lib/rich-text.ts'
import { escapeLike, selectRows } from '../../platform/lib/sql.ts'
import type { StaffActor } from '../staff/index.ts'
import { configChangeTags, dictChangeTags, recordSiteChange } from './site-changes.ts'

// The staff API's dictionary entries and configuration values:
// each a row with its own version, saved (or added) one at a time.
//
// Dictionary: label, icon, sort and visibility of an entry, and new entries
// of a dictionary that exists (a new category). An entry is never deleted,
// since reports store its value: it is hidden. New dictionary types are not
// made here: the site reads only the types it knows.
//
// Configuration: every value, and new keys of a language (cn.… / en.…) with
// a name, so that a release reading a new key (a company text) can be given
// its value from the console first. A key is never deleted (a page may read
// it). Every sys_config row is public (findListByKeys reads any key), which
// the console says: no secret belongs here, and so none reaches the audit.

interface DictRow {
  type: string
  value: string
  label: string
  icon: string | null
  sort: number
  status: string
  version: number
  updatedAt: Date
}

interface ConfigRow {
  key: string
  name: string
  value: string
  version: number
  updatedAt: Date
}

const DICT_COLUMNS = `dict_type AS type, dict_value AS value, dict_label AS label, dict_icon AS icon, tree_sort AS sort, status, version,
  updated_at AS "updatedAt"`
const CONFIG_COLUMNS = `config_key AS key, config_name AS name, config_value AS value, version, updated_at AS "updatedAt"`

const toDictItem = (row: DictRow): StaffDictItem => ({
  type: row.type,
  value: row.value,
  label: row.label,
  icon: row.icon,
  sort: row.sort,
  visible: row.status.trim() === '0',
  version: row.version,
  updatedAt: new Date(row.updatedAt).toISOString(),
})

const toConfigItem = (row: ConfigRow): StaffConfigItem => ({
  key: row.key,
  name: row.name,
  value: row.value,
  kind: configKindOf(row.key),
  version: row.version,
  updatedAt: new Date(row.updatedAt).toISOString(),
})

/** A value as the key's kind stores it: numbers and links checked, rich text sanitized, plain text trimmed. */
export function configValueFor(key: string, value: string): string {
  const kind = configKindOf(key)
  const text = value.trim()
  // The bank transfer's account and deadline (docs/bank-transfer.md): each has its own form.
  const bankProblem = bankSettingProblem(key, text)
  if (bankProblem) throw new AppError('STAFF_CONFIG_VALUE_INVALID', bankProblem)
  if (kind === 'number') {
    if (!/^(0|[1-9][0-9]{0,11})(\.[0-9]{1,2})?$/.test(text)) throw new AppError('STAFF_CONFIG_VALUE_INVALID')
    // Seats and downloads are counted in whole numbers.
    if (key.startsWith('licence.') && text.includes('.')) throw new AppError('STAFF_CONFIG_VALUE_INVALID')
    return text
  }
  if (kind === 'url') {
    let url: URL | undefined
    try {
      url = new URL(text)
    } catch {
      url = undefined
    }
    if (text !== '' && (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))) throw new AppError('STAFF_CONFIG_VALUE_INVALID')
    return text
  }
  if (kind === 'rich') return sanitizeRichText(value)
  if (kind === 'editions') {
    const editions = parseEditionList(text)
    if (!editions) throw new AppError('STAFF_CONFIG_VALUE_INVALID')
    return editions.join(',')
  }
  // Plain text is shown as text (React escapes it); control characters (tabs and line breaks aside) are never meant.
  if ([...text].some((c) => (c < ' ' && c !== '\t' && c !== '\n' && c !== '\r') || c === '\u007f'))
    throw new AppError('STAFF_CONFIG_VALUE_INVALID')
  return text
}

export class StaffSiteEntries {
  constructor(
    private readonly sequelize: Sequelize,
    private readonly onChange: () => void,
  ) {}

  async dictTypes(): Promise<string[]> {
    const rows = await selectRows<{ type: string }>(this.sequelize, `SELECT DISTINCT dict_type AS type FROM sys_dict_data ORDER BY 1`, [])
    return rows.map((row) => row.type)
  }

  async listDict(type: string | undefined): Promise<StaffDictList> {
    const types = await this.dictTypes()
    const chosen = type ?? types[0] ?? ''
    if (type !== undefined && !types.includes(type)) throw new AppError('STAFF_DICT_TYPE_UNKNOWN')
    const rows = await selectRows<DictRow>(
      this.sequelize,
      `SELECT ${DICT_COLUMNS} FROM sys_dict_data WHERE dict_type = $1 ORDER BY tree_sort, dict_code`,
      [chosen],
    )
    return { types, type: chosen, items: rows.map(toDictItem) }
  }

  async updateDict(type: string, value: string, body: UpdateDictItemBody, actor: StaffActor): Promise<StaffDictItem> {
    const { sequelize } = this
    const saved = await sequelize.transaction(async (transaction) => {
      const [exists] = await selectRows<{ one: number }>(
        sequelize,
        `SELECT 1 AS one FROM sys_dict_data WHERE dict_type = $1 LIMIT 1`,
        [type],
        transaction,
      )
      if (!exists) throw new AppError('STAFF_DICT_TYPE_UNKNOWN')
      const [before] = await selectRows<DictRow>(
        sequelize,
        `SELECT ${DICT_COLUMNS} FROM sys_dict_data WHERE dict_type = $1 AND dict_value = $2 FOR UPDATE`,
        [type, value],
        transaction,
      )
      // Adding one that exists, or saving against an older version, is the same conflict: someone saved first.
      if ((body.version === undefined) !== !before || (before && before.version !== body.version))
        throw before ? new AppError('STAFF_VERSION_CONFLICT') : new AppError('STAFF_CONTENT_NOT_FOUND')
      const bind = [type, value, body.label.trim(), body.icon ?? null, body.sort, body.visible ? '0' : '1']
      const [row] = before
        ? await selectRows<DictRow>(
            sequelize,
            `UPDATE sys_dict_data SET dict_label = $3, dict_icon = $4, tree_sort = $5, status = $6, version = version + 1, updated_at = now()
              WHERE dict_type = $1 AND dict_value = $2 RETURNING ${DICT_COLUMNS}`,
            bind,
            transaction,
          )
        : await selectRows<DictRow>(
            sequelize,
            `INSERT INTO sys_dict_data (dict_type, dict_value, dict_label, dict_icon, tree_sort, status, is_sys)
             VALUES ($1, $2, $3, $4, $5, $6, '0') ON CONFLICT (dict_type, dict_value) DO NOTHING RETURNING ${DICT_COLUMNS}`,
            bind,
            transaction,
          )
      // Two editors adding the same entry at once: the second finds it added and is refused.
      if (!row) throw new AppError('STAFF_VERSION_CONFLICT')
      const after = toDictItem(row)
      await recordSiteChange(sequelize, transaction, {
        action: before ? 'dict.update' : 'dict.create',
        target: `${type}:${value}`,
        actor,
        before: before ? { ...toDictItem(before) } : null,
        after: { ...after },
        tags: dictChangeTags(type),
      })
      return after
    })
    this.onChange()
    return saved
  }

  async listConfig(query: ListConfigQuery): Promise<StaffConfigItem[]> {
    const q = query.q?.trim().toLowerCase()
    const rows = await selectRows<ConfigRow>(
      this.sequelize,
      q
        ? `SELECT ${CONFIG_COLUMNS} FROM sys_config
            WHERE lower(config_key) LIKE $1 OR lower(config_name) LIKE $1 OR lower(config_value) LIKE $1 ORDER BY config_key`
        : `SELECT ${CONFIG_COLUMNS} FROM sys_config ORDER BY config_key`,
      q ? [`%${escapeLike(q)}%`] : [],
    )
    return rows.map(toConfigItem)
  }

  async updateConfig(key: string, body: UpdateConfigBody, actor: StaffActor): Promise<StaffConfigItem> {
    const { sequelize } = this
    // Where buyers send their money: an admin's setting, never an editor's.
    if (isBankSettingKey(key) && !staffMay(actor.role, 'transfers.settings')) throw new AppError('STAFF_FORBIDDEN')
    const value = configValueFor(key, body.value)
    const saved = await sequelize.transaction(async (transaction) => {
      const [before] = await selectRows<ConfigRow>(
        sequelize,
        `SELECT ${CONFIG_COLUMNS} FROM sys_config WHERE config_key = $1 FOR UPDATE`,
        [key],
        transaction,
      )
      if ((body.version === undefined) !== !before || (before && before.version !== body.version))
        throw before ? new AppError('STAFF_VERSION_CONFLICT') : new AppError('STAFF_CONTENT_NOT_FOUND')
      if (!before && !body.name?.trim()) throw new AppError('STAFF_CONFIG_NAME_REQUIRED')
      const name = body.name?.trim() || before?.name || ''
      const [row] = before
        ? await selectRows<ConfigRow>(
            sequelize,
            `UPDATE sys_config SET config_value = $2, config_name = $3, version = version + 1, updated_at = now()
              WHERE config_key = $1 RETURNING ${CONFIG_COLUMNS}`,
            [key, value, name],
            transaction,
          )
        : await selectRows<ConfigRow>(
            sequelize,
            `INSERT INTO sys_config (config_key, config_value, config_name) VALUES ($1, $2, $3)
             ON CONFLICT (config_key) DO NOTHING RETURNING ${CONFIG_COLUMNS}`,
            [key, value, name],
            transaction,
          )
      // Two editors adding the same key at once: the second finds it added and is refused.
      if (!row) throw new AppError('STAFF_VERSION_CONFLICT')
      const after = toConfigItem(row)
      await recordSiteChange(sequelize, transaction, {
        action: before ? 'config.update' : 'config.create',
        target: key,
        actor,
        before: before ? { ...toConfigItem(before) } : null,
        after: { ...after },
        tags: configChangeTags(key),
      })
      return after
    })
    this.onChange()
    return saved
  }
}
