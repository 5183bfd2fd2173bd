import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import type { Sequelize, Transaction } from 'sequelize'
import { AppError } from '../../platform/errors.ts'
import { FileNotFoundError, FileStoreUnavailableError, InvalidFileKeyError, type FileStore } from '../../platform/files/file-store.ts'
import { FILE_MISSING, STORE_UNAVAILABLE } from '../../platform/http/file-response.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import { newTraceCode, sourceKindOf, stampFile, StampError, type Lang } from './stamping/index.ts'

// The stamped copy of a file, made once per order and holder (or per sample
// request), kept in the file store and streamed from there. It is made by a
// job sent when the copy is first needed (the order paid, a seat accepted, a
// sample requested), so neither the receipt nor a page waits for it; a
// download that comes first stamps it itself, and a copy being made by
// another instance is waited for a little. A file that cannot be stamped
// (encrypted, damaged) fails for staff to see, and the original is never
// served in its place.

export const STAMP_QUEUE = 'licences.stamp'

export type CopyState = 'pending' | 'working' | 'ready' | 'failed'

export interface CopyRow {
  id: string
  code: string
  orderId: string | null
  holderUserId: string | null
  requestId: string | null
  sourceKey: string
  sourceName: string
  lang: Lang
  line: string
  holderName: string
  holderEmail: string
  company: string
  state: CopyState
  /** Why a failed copy failed: the file is encrypted, damaged or of no known type, or missing from the store */
  failure: 'encrypted' | 'damaged' | 'unsupported' | 'missing' | null
  error: string | null
  stampedKey: string | null
  stampedName: string | null
  size: number | null
  sha256: string | null
  createdAt: Date
  readyAt: Date | null
}

export const COPY_COLUMNS = `c.id::text AS id, c.code, c.order_id::text AS "orderId", c.holder_user_id::text AS "holderUserId",
  c.request_id::text AS "requestId", c.source_key AS "sourceKey", c.source_name AS "sourceName", c.lang, c.line,
  c.holder_name AS "holderName", c.holder_email AS "holderEmail", c.company, c.state, c.failure, c.error, c.stamped_key AS "stampedKey",
  c.stamped_name AS "stampedName", c.size::float8 AS size, c.sha256, c.created_at AS "createdAt", c.ready_at AS "readyAt"`

/** A copy to make: whom it is for, and what it says. The code is printed in `line` (lineFor gets it first). */
export interface NewCopy {
  orderId?: string
  holderUserId?: string
  requestId?: string
  sourceKey: string
  sourceName: string
  lang: Lang
  holderName: string
  holderEmail: string
  company: string
  lineFor: (code: string) => string
}

const PREPARING = {
  'zh-CN': '正在为您准备带授权标记的文件，请一分钟后再试',
  'en-US': 'Your licensed copy is being prepared. Please try again in a minute.',
}

/** A claim on a copy older than this is a worker that died: another may take it. */
const STALE_CLAIM_SECONDS = 180

export class LicensedCopies {
  constructor(private readonly deps: { sequelize: Sequelize; files: FileStore; jobs: JobQueue; log: FastifyBaseLogger; waitMs: number }) {}

  async byId(id: string, transaction?: Transaction): Promise<CopyRow | undefined> {
    const [row] = await selectRows<CopyRow>(
      this.deps.sequelize,
      `SELECT ${COPY_COLUMNS} FROM licensed_copy c WHERE c.id = $1`,
      [id],
      transaction,
    )
    return row
  }

  /** The copy of this source for this holder (or request): the existing one, else a new one whose stamping job is sent. */
  async ensure(copy: NewCopy, transaction?: Transaction): Promise<CopyRow> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = await this.existing(copy, transaction)
      if (existing) return existing
      const code = newTraceCode()
      const [made] = await selectRows<CopyRow>(
        this.deps.sequelize,
        `INSERT INTO licensed_copy AS c (code, order_id, holder_user_id, request_id, source_key, source_name, lang, line, holder_name, holder_email, company)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING RETURNING ${COPY_COLUMNS}`,
        [
          code,
          copy.orderId ?? null,
          copy.holderUserId ?? null,
          copy.requestId ?? null,
          copy.sourceKey,
          copy.sourceName,
          copy.lang,
          copy.lineFor(code),
          copy.holderName.slice(0, 200),
          copy.holderEmail.slice(0, 200),
          copy.company.slice(0, 200),
        ],
        transaction,
      )
      if (made) {
        await this.deps.jobs.send(STAMP_QUEUE, { copyId: made.id }, transaction ? { transaction } : {})
        return made
      }
      // Made meanwhile by another request (found on the next turn), or, once in a trillion, a code taken.
    }
    throw new Error('could not record a licensed copy')
  }

  private async existing(copy: NewCopy, transaction?: Transaction): Promise<CopyRow | undefined> {
    const [row] = copy.requestId
      ? await selectRows<CopyRow>(
          this.deps.sequelize,
          `SELECT ${COPY_COLUMNS} FROM licensed_copy c WHERE c.request_id = $1 AND c.source_key = $2`,
          [copy.requestId, copy.sourceKey],
          transaction,
        )
      : await selectRows<CopyRow>(
          this.deps.sequelize,
          `SELECT ${COPY_COLUMNS} FROM licensed_copy c WHERE c.order_id = $1 AND c.holder_user_id = $2 AND c.source_key = $3`,
          [copy.orderId, copy.holderUserId, copy.sourceKey],
          transaction,
        )
    return row
  }

  /**
   * Makes the copy if nobody is making it: the job's handler, and a download
   * that came first. A file that cannot be stamped fails the copy for good;
   * anything else (the store unreachable) leaves it to be tried again.
   */
  async stamp(copyId: string): Promise<void> {
    const [copy] = await selectRows<CopyRow>(
      this.deps.sequelize,
      `UPDATE licensed_copy c SET state = 'working', claimed_at = now(), attempts = attempts + 1
        WHERE c.id = $1 AND (c.state = 'pending' OR (c.state = 'working' AND c.claimed_at < now() - make_interval(secs => $2)))
        RETURNING ${COPY_COLUMNS}`,
      [copyId, STALE_CLAIM_SECONDS],
    )
    if (!copy) return
    try {
      // Read first: a file missing from the store is the first thing staff need to know.
      const source = await this.read(copy.sourceKey)
      const kind = sourceKindOf(copy.sourceName)
      if (!kind) throw new StampError('unsupported', `${copy.sourceName} is neither a PDF nor a Word file`)
      const stamped = await stampFile(source, kind, copy.sourceName, { lang: copy.lang, code: copy.code, line: copy.line })
      const extension = /\.([a-z0-9]+)$/i.exec(stamped.name)?.[1]?.toLowerCase() ?? 'pdf'
      const key = `licensed/${copy.orderId ? `order-${copy.orderId}` : `request-${copy.requestId}`}/${copy.code}.${extension}`
      const hash = createHash('sha256')
      for (const part of stamped.parts) hash.update(part)
      await this.deps.files.put(key, Readable.from(stamped.parts))
      await this.deps.sequelize.query(
        `UPDATE licensed_copy SET state = 'ready', stamped_key = $2, stamped_name = $3, size = $4, sha256 = $5, failure = NULL, error = NULL, ready_at = now() WHERE id = $1`,
        { bind: [copy.id, key, stamped.name, stamped.size, hash.digest('hex')] },
      )
    } catch (error) {
      const missing = error instanceof FileNotFoundError || error instanceof InvalidFileKeyError
      const failure = error instanceof StampError ? error.reason : missing ? 'missing' : undefined
      const reason =
        failure === 'missing' ? `the file ${copy.sourceName} is missing from the store (${copy.sourceKey})` : (error as Error).message
      await this.deps.sequelize.query(`UPDATE licensed_copy SET state = $2, failure = $3, error = $4, claimed_at = NULL WHERE id = $1`, {
        bind: [copy.id, failure ? 'failed' : 'pending', failure ?? null, failure ? reason : null],
      })
      if (!failure) throw error
      this.deps.log.warn(
        { copy: copy.code, orderId: copy.orderId, requestId: copy.requestId, failure, reason },
        'a licensed copy could not be stamped',
      )
    }
  }

  private async read(key: string): Promise<Buffer> {
    const chunks: Buffer[] = []
    for await (const chunk of await this.deps.files.open(key)) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  }

  /**
   * The copy once it is ready to stream: made here if it is still waiting,
   * waited for (up to waitMs) while another instance makes it. A failed copy
   * is the staff's to mend: the buyer is told the file will follow, or, when
   * the store lacks the file, to contact the publisher (as a download did).
   */
  async ready(copy: CopyRow): Promise<CopyRow & { stampedKey: string; stampedName: string }> {
    const deadline = Date.now() + this.deps.waitMs
    let row: CopyRow = copy
    let retried = false
    for (;;) {
      if (row.state === 'ready' && row.stampedKey && row.stampedName)
        return { ...row, stampedKey: row.stampedKey, stampedName: row.stampedName }
      // A file missing from the store may be back (put again, a store restored): it is tried once more.
      if (row.state === 'failed' && row.failure === 'missing' && !retried) {
        retried = true
        await this.deps.sequelize.query(`UPDATE licensed_copy SET state = 'pending' WHERE id = $1 AND state = 'failed'`, { bind: [row.id] })
        row = { ...row, state: 'pending' }
        continue
      }
      if (row.state === 'failed')
        throw row.failure === 'missing' ? new AppError('ORDER_EMPTY', FILE_MISSING) : new AppError('FILE_NOT_READY')
      if (row.state === 'pending') {
        const stamped = await this.stamp(row.id).then(
          () => true,
          (error: unknown) => {
            // The store is down: the buyer is told now, as a download of a stored file would be; the job tries again later.
            if (error instanceof FileStoreUnavailableError) {
              this.deps.log.error(
                { key: row.sourceKey, store: this.deps.files.location, reason: error.message },
                'the file store is unavailable',
              )
              throw new AppError('SYSTEM_EXCEPTION', STORE_UNAVAILABLE)
            }
            this.deps.log.warn({ err: error, copy: row.code }, 'stamping on download failed')
            return false
          },
        )
        if (!stamped) await sleep(500)
      } else if (Date.now() > deadline) throw new AppError('FILE_NOT_READY', PREPARING)
      else await sleep(200)
      row = (await this.byId(row.id)) ?? row
      if (row.state === 'pending' && Date.now() > deadline) throw new AppError('FILE_NOT_READY', PREPARING)
    }
  }

  /** Staff: the failed copies of an order made again (after its file was mended). */
  async retryFailed(orderId: string, transaction: Transaction): Promise<number> {
    const rows = await selectRows<{ id: string }>(
      this.deps.sequelize,
      `UPDATE licensed_copy SET state = 'pending', failure = NULL, error = NULL, claimed_at = NULL WHERE order_id = $1 AND state = 'failed' RETURNING id::text AS id`,
      [orderId],
      transaction,
    )
    for (const row of rows) await this.deps.jobs.send(STAMP_QUEUE, { copyId: row.id }, { transaction })
    return rows.length
  }
}
