// A fresh database per run on the PostgreSQL server, dropped afterwards.
//
// MULTI_INSTANCE_PG_URL: any database the test can connect to with a role that
// may CREATE DATABASE (default postgres://$PG_USER@127.0.0.1:5432/test; with
// neither variable set, the role postgres and then root are tried).
import pg from 'pg'

export async function adminUrl(): Promise<string> {
  if (process.env.MULTI_INSTANCE_PG_URL) return process.env.MULTI_INSTANCE_PG_URL
  const users = process.env.PG_USER ? [process.env.PG_USER] : ['postgres', 'root']
  const errors: string[] = []
  for (const user of users) {
    const url = `postgres://${encodeURIComponent(user)}@127.0.0.1:5432/test`
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
    try {
      await client.connect()
      await client.query('SELECT 1')
      return url
    } catch (error) {
      errors.push(`${url}: ${(error as Error).message}`)
    } finally {
      await client.end().catch(() => undefined)
    }
  }
  throw new Error(`PostgreSQL does not answer (set MULTI_INSTANCE_PG_URL or PG_USER):\n${errors.join('\n')}`)
}

export class TestDatabase {
  private constructor(
    private readonly admin: string,
    readonly name: string,
    readonly url: string,
    readonly pool: pg.Pool,
  ) {}

  static async create(name: string): Promise<TestDatabase> {
    const admin = await adminUrl()
    const client = new pg.Client({ connectionString: admin })
    await client.connect()
    try {
      await client.query(`CREATE DATABASE "${name}"`)
    } finally {
      await client.end()
    }
    const url = new URL(admin)
    url.pathname = `/${name}`
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 })
    return new TestDatabase(admin, name, url.toString(), pool)
  }

  async query<T extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query<T>(sql, params)).rows
  }

  async tableExists(name: string): Promise<boolean> {
    const [row] = await this.query<{ found: string | null }>('SELECT to_regclass($1) AS found', [name])
    return Boolean(row?.found)
  }

  /** Drops the database whoever is still connected (an instance killed mid-run may have left sessions). */
  async drop(): Promise<void> {
    await this.pool.end().catch(() => undefined)
    const client = new pg.Client({ connectionString: this.admin })
    await client.connect()
    try {
      await client.query(`DROP DATABASE IF EXISTS "${this.name}" WITH (FORCE)`)
    } finally {
      await client.end()
    }
  }
}
