import { QueryTypes, type Sequelize } from 'sequelize'
import type { Lang } from '../../platform/errors.ts'
import { CORE_SETTINGS_MEMO_MS } from '@rpt/contract'
import { TtlMemo } from '../../platform/lib/ttl-memo.ts'
import { servicePlugin } from '../../platform/lib/service-plugin.ts'

export interface DictRow {
  dictCode: string
  dictLabel: string
  dictLabelRaw: string
  dictValue: string
  dictType: string
  isSys: string
  cssClass: string | null
  dictIcon: string | null
  cssStyle: string | null
  treeSort: number
  sort: number
}

/** Dictionary families whose English edition is a separate `_en` type. */
export const DICT_FAMILIES = ['reports_category', 'market_type', 'news_category', 'bulletin_type', 'bulletin_label'] as const
export type DictFamily = (typeof DICT_FAMILIES)[number]

export function dictTypeFor(family: DictFamily, lang: Lang): string {
  return lang === 'en-US' ? `${family}_en` : family
}

export class DictService {
  private readonly memo = new TtlMemo<DictRow[]>(CORE_SETTINGS_MEMO_MS)

  constructor(private readonly sequelize: Sequelize) {}

  list(dictType: string): Promise<DictRow[]> {
    return this.memo.get(dictType, () =>
      this.sequelize.query<DictRow>(
        `SELECT dict_code AS "dictCode", dict_label AS "dictLabel", dict_label AS "dictLabelRaw", dict_value AS "dictValue",
                dict_type AS "dictType", is_sys AS "isSys", css_class AS "cssClass", css_style AS "cssStyle", dict_icon AS "dictIcon",
                tree_sort AS "treeSort", tree_sort AS "sort"
           FROM sys_dict_data WHERE dict_type = $1 AND status = '0' ORDER BY tree_sort, dict_code`,
        { bind: [dictType], type: QueryTypes.SELECT },
      ),
    )
  }

  /** Labels of a family in a language, by value. */
  async labels(family: DictFamily, lang: Lang): Promise<Map<string, string>> {
    const rows = await this.list(dictTypeFor(family, lang))
    return new Map(rows.map((row) => [row.dictValue, row.dictLabel]))
  }

  /** Labels of several families in a language, each by value, under the names asked. */
  async labelsOf<K extends string>(families: Record<K, DictFamily>, lang: Lang): Promise<Record<K, Map<string, string>>> {
    const entries = await Promise.all(
      Object.entries<DictFamily>(families).map(async ([name, family]) => [name, await this.labels(family, lang)] as const),
    )
    return Object.fromEntries(entries) as Record<K, Map<string, string>>
  }

  clearCache(): void {
    this.memo.clear()
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    dicts: DictService
  }
}

export default servicePlugin({ name: 'dict-service', decorates: 'dicts', dependencies: ['db'] }, (app) => new DictService(app.db.sequelize))
