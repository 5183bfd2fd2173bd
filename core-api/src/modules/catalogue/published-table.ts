import { QueryTypes, type Sequelize } from 'sequelize'
import type { Lang } from '../../platform/errors.ts'
import { sanitizeRichText } from '../../platform/lib/rich-text.ts'
import { addKeywordCondition, Conditions } from '../../platform/lib/sql.ts'

/** Bigint ids as the API accepts them; anything else cannot name a row. */
export const ID_PATTERN = /^[1-9][0-9]{0,17}$/

/** The id a legacy slug carries as its last segment (some-title-123). */
export const trailingIdOf = (slug: string): string | undefined => /-([1-9][0-9]{0,17})$/.exec(slug)?.[1]

/** A read for a staff preview: the row whatever its status. */
export type Unpublished = { unpublished?: boolean }

export interface PublishedTableSpec {
  /** The table and the alias every column below is written with. */
  table: string
  alias: string
  /** The columns of a list item, aliased to their answer names. */
  listColumns: string
}

/**
 * The raw reads the published-content tables share (bulletins, news): their
 * rows of one language with status '0' are what the public sees, newest
 * first by (publish_date, id), a page at a time or one by id or slug.
 */
export class PublishedTable {
  readonly newestFirst: string

  constructor(
    private readonly sequelize: Sequelize,
    readonly spec: PublishedTableSpec,
  ) {
    this.newestFirst = `${spec.alias}.publish_date DESC, ${spec.alias}.id DESC`
  }

  select<T extends object>(sql: string, bind: unknown[]): Promise<T[]> {
    return this.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT })
  }

  /** The published rows of the language, narrowed by a keyword and by the columns' values when given (not empty). */
  published(lang: Lang, keyword?: string, equal: Record<string, string | undefined> = {}): Conditions {
    const { alias } = this.spec
    const c = new Conditions().add(`${alias}.lang = ?`, lang).add(`${alias}.status = '0'`)
    addKeywordCondition(c, keyword, alias)
    for (const [column, value] of Object.entries(equal)) if (value) c.add(`${alias}.${column} = ?`, value)
    return c
  }

  /** One page of the rows under the conditions, newest first, with the count of them all. */
  async page<T extends object>(conditions: Conditions, pageNo: number, pageSize: number): Promise<{ rows: T[]; count: number }> {
    const { table, alias, listColumns } = this.spec
    const paged = conditions.clone()
    const limit = paged.bind(pageSize)
    const offset = paged.bind((pageNo - 1) * pageSize)
    const [rows, [total]] = await Promise.all([
      this.select<T>(
        `SELECT ${listColumns} FROM ${table} ${alias} ${paged.where} ORDER BY ${this.newestFirst} LIMIT ${limit} OFFSET ${offset}`,
        paged.params,
      ),
      this.select<{ count: string }>(`SELECT count(*) AS count FROM ${table} ${alias} ${conditions.where}`, conditions.params),
    ])
    return { rows, count: Number(total?.count ?? 0) }
  }

  /** The newest published rows of the language, narrowed by one more condition (`''` for none). */
  newest<T extends object>(lang: Lang, limit: number, where = ''): Promise<T[]> {
    const { table, alias, listColumns } = this.spec
    return this.select<T>(
      `SELECT ${listColumns} FROM ${table} ${alias} WHERE ${alias}.lang = $1 AND ${alias}.status = '0'${where ? ` AND ${where}` : ''} ORDER BY ${this.newestFirst} LIMIT $2`,
      [lang, limit],
    )
  }

  /**
   * One published row by id or by slug, with the list columns and `extra`.
   * An unknown slug is retried by the id a legacy slug carries as its last
   * segment. unpublished: any status (a staff preview of a draft, through its signed link).
   */
  async findOne<T extends object>(
    lang: Lang,
    by: { id?: string; webTitle?: string },
    extra: string,
    options: Unpublished = {},
  ): Promise<T | undefined> {
    const { table, alias, listColumns } = this.spec
    const status = options.unpublished ? '' : ` AND ${alias}.status = '0'`
    const one = async (column: 'id' | 'web_title', value: string) =>
      (
        await this.select<T>(
          `SELECT ${listColumns}, ${extra} FROM ${table} ${alias} WHERE ${alias}.${column} = $1 AND ${alias}.lang = $2${status}`,
          [value, lang],
        )
      )[0]
    const byId = (id: string) => (ID_PATTERN.test(id) ? one('id', id) : Promise.resolve(undefined))
    if (by.id) return byId(by.id)
    if (!by.webTitle) return undefined
    const bySlug = await one('web_title', by.webTitle)
    if (bySlug) return bySlug
    const trailingId = trailingIdOf(by.webTitle)
    return trailingId ? byId(trailingId) : undefined
  }
}

export interface Presenter<Row, Item, Labels> {
  /** The dictionary labels the items are named with, in a language. */
  labels(lang: Lang): Promise<Labels>
  present(row: Row, labels: Labels, lang: Lang): Item
}

/**
 * A published table's rows as the API answers them: each row presented with
 * the labels of its language, a page at a time, the newest few, or one with
 * its body.
 */
export class PublishedListing<Row extends { id: string }, Item, Labels> {
  constructor(
    readonly table: PublishedTable,
    private readonly presenter: Presenter<Row, Item, Labels>,
  ) {}

  /** One page of the rows under the conditions, newest first, with the count of them all. */
  async page(conditions: Conditions, query: { lang: Lang; pageNo: number; pageSize: number }) {
    const [{ rows, count }, labels] = await Promise.all([
      this.table.page<Row>(conditions, query.pageNo, query.pageSize),
      this.presenter.labels(query.lang),
    ])
    return {
      list: rows.map((row) => this.presenter.present(row, labels, query.lang)),
      count,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    }
  }

  /** The newest published rows of the language, narrowed by one more condition (`''` for none). */
  async newest(lang: Lang, limit: number, where = ''): Promise<Item[]> {
    const [rows, labels] = await Promise.all([this.table.newest<Row>(lang, limit, where), this.presenter.labels(lang)])
    return rows.map((row) => this.presenter.present(row, labels, lang))
  }

  /** One published row (any, for a preview) by id or slug with its body (the column `context`), or undefined. */
  async withBody(
    lang: Lang,
    by: { id?: string; webTitle?: string },
    options: Unpublished = {},
  ): Promise<(Item & { context: string }) | undefined> {
    const { alias } = this.table.spec
    const row = await this.table.findOne<Row & { context: string }>(lang, by, `${alias}.context`, options)
    if (!row) return undefined
    const labels = await this.presenter.labels(lang)
    return {
      ...this.presenter.present(row, labels, lang),
      // Sanitized again on the way out: rows may come from tools other than the seeder.
      context: sanitizeRichText(row.context),
    }
  }

  /** The published rows under the conditions counted by the value of one column. */
  async countBy(conditions: Conditions, column: string): Promise<Map<string, number>> {
    const { table, alias } = this.table.spec
    const rows = await this.table.select<{ value: string; count: string }>(
      `SELECT ${alias}.${column} AS value, count(*) AS count FROM ${table} ${alias} ${conditions.where} GROUP BY ${alias}.${column}`,
      conditions.params,
    )
    return new Map(rows.map((row) => [row.value, Number(row.count)]))
  }
}
