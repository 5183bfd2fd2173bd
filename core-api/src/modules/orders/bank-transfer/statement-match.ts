import type { StatementLine, StatementLineIssue } from '@rpt/contract'
import type { Sequelize } from 'sequelize'
import { selectRows } from '../../../platform/lib/sql.ts'
import { referencesIn } from './reference.ts'
import type { ReadLine } from './statement-reader.ts'

// A statement's lines against the transfers awaited: one query for every
// reference the remarks hold and one for the serials already recorded, then
// each line in memory, so 10,000 lines take well under a second
// (docs/benchmarks.md). Nothing is written here: finance confirm the matches.

interface Candidate {
  reference: string
  orderNo: string
  amount: number
  status: string
  receivedAt: Date | null
  bankSerial: string | null
}

const major = (minor: number | null) => (minor === null ? null : minor / 100)

export async function matchStatement(sequelize: Sequelize, lines: readonly ReadLine[]): Promise<StatementLine[]> {
  const found = lines.map((line) => referencesIn(line.remark))
  const references = [...new Set(found.flat())]
  const serials = [...new Set(lines.map((line) => line.serial).filter(Boolean))]
  const [candidates, recorded] = await Promise.all([
    references.length
      ? selectRows<Candidate>(
          sequelize,
          `SELECT t.reference, o.order_no AS "orderNo", t.amount, o.status, t.received_at AS "receivedAt", t.bank_serial AS "bankSerial"
             FROM bank_transfer t JOIN website_order o ON o.id = t.order_id WHERE t.reference = ANY($1::text[])`,
          [references],
        )
      : Promise.resolve([]),
    serials.length
      ? selectRows<{ serial: string }>(sequelize, `SELECT bank_serial AS serial FROM bank_transfer WHERE bank_serial = ANY($1::text[])`, [
          serials,
        ])
      : Promise.resolve([]),
  ])
  const byReference = new Map(candidates.map((candidate) => [candidate.reference, candidate]))
  const usedSerials = new Set(recorded.map((row) => row.serial))
  /** An order matched by an earlier line of this statement: a second line for it would pay it twice. */
  const matched = new Set<string>()

  return lines.map((line, index) => {
    const candidate = found[index]!.map((reference) => byReference.get(reference)).find(Boolean)
    const reference = candidate?.reference ?? found[index]![0] ?? null
    const issue = ((): StatementLineIssue | null => {
      if (line.amount === null || line.amount <= 0) return 'not-a-credit'
      if (!candidate) return 'unknown-reference'
      if (candidate.receivedAt !== null || candidate.status === '1' || matched.has(candidate.orderNo)) return 'already-paid'
      if (candidate.status !== '0') return 'order-closed'
      if (line.amount !== candidate.amount) return 'amount-differs'
      if (line.serial && usedSerials.has(line.serial)) return 'serial-used'
      return null
    })()
    if (issue === null && candidate) matched.add(candidate.orderNo)
    return {
      line: line.line,
      date: line.date,
      amount: major(line.amount),
      remark: line.remark,
      serial: line.serial,
      payer: line.payer,
      reference,
      orderNo: candidate?.orderNo ?? null,
      expected: candidate ? major(candidate.amount) : null,
      issue,
    }
  })
}
