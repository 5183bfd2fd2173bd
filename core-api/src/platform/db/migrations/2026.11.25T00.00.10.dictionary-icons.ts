import { sqlMigration } from '../sql-migration.ts'

// Earlier clients draw each report category with an icon named by the
// dictionary item itself (dictIcon: CSS classes of their iconfont).
const up = `ALTER TABLE sys_dict_data ADD COLUMN dict_icon varchar(100);`
const down = `ALTER TABLE sys_dict_data DROP COLUMN IF EXISTS dict_icon;`

export const dictionaryIcons = sqlMigration('2026.11.25T00.00.10.dictionary-icons', up, down)
