import { QueryTypes, type Sequelize, type Transaction } from 'sequelize'

// A WHERE-clause builder for the raw queries on hot read paths: values only
// ever travel as bind parameters ($1, $2, …), never inside the SQL text.
export class Conditions {
  private readonly parts: string[] = []
  readonly params: unknown[]

  constructor(params: unknown[] = []) {
    this.params = params
  }

  /** Adds a condition; each `?` in it is bound to the next value. */
  add(sql: string, ...values: unknown[]): this {
    this.parts.push(this.expression(sql, ...values))
    return this
  }

  /** Binds like add, but answers the SQL text instead of adding it to the WHERE clause (for FILTER clauses). */
  expression(sql: string, ...values: unknown[]): string {
    let index = 0
    const text = sql.replace(/\?/g, () => {
      if (index >= values.length) throw new Error(`missing value for condition: ${sql}`)
      this.params.push(values[index++])
      return `$${this.params.length}`
    })
    if (index !== values.length) throw new Error(`too many values for condition: ${sql}`)
    return text
  }

  /** A copy, so facet queries can each drop their own filter. */
  clone(): Conditions {
    const copy = new Conditions([...this.params])
    copy.parts.push(...this.parts)
    return copy
  }

  /** Binds one more value and answers its placeholder, for LIMIT and OFFSET. */
  bind(value: unknown): string {
    this.params.push(value)
    return `$${this.params.length}`
  }

  get where(): string {
    return this.parts.length > 0 ? `WHERE ${this.parts.join(' AND ')}` : ''
  }
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** A keyword as search compares it: trimmed and lower-cased ('' for none). */
export function normalizeKeyword(keyword: string | undefined): string {
  return (keyword ?? '').trim().toLowerCase()
}

/**
 * Keyword search over the generated search columns. Keywords of one or two
 * characters are looked up in search_grams (trigrams cannot index them);
 * longer ones go through the pg_trgm index on search_text.
 */
export function addKeywordCondition(conditions: Conditions, keyword: string | undefined, alias = ''): void {
  const normalized = normalizeKeyword(keyword)
  if (normalized === '') return
  const prefix = alias ? `${alias}.` : ''
  if ([...normalized].length <= 2) {
    conditions.add(`${prefix}search_grams @> ARRAY[?]::text[]`, normalized)
  } else {
    conditions.add(`${prefix}search_text LIKE ?`, `%${escapeLike(normalized)}%`)
  }
}

/** Rows of a query with bind parameters, on the transaction when there is one. */
export function selectRows<T extends object>(sequelize: Sequelize, sql: string, bind: unknown[], transaction?: Transaction): Promise<T[]> {
  return sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) })
}
