import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'

// What the invoice sandbox has issued, as a provider keeps it: each invoice
// by its number and by the seller's request serial (fpqqlsh), numbered in
// sequence. One process owns the books and changes them without an await
// between a check and its change, so two copies of a request issue once.
// Kept in a file when given one, so numbers never repeat across restarts.

export interface Party {
  name: string
  taxNo: string | null
  address: string | null
  phone: string | null
  bank: string | null
  account: string | null
}

export interface InvoiceLine {
  /** 项目名称, e.g. *现代服务*研究报告 */
  item: string
  /** Net amount, tax rate and tax, in fen */
  net: number
  rate: number
  tax: number
}

export interface IssuedInvoice {
  /** 发票号码: 20 digits */
  number: string
  /** The seller's request serial it was issued for */
  requestNo: string
  /** blue: an invoice; red: the red-letter invoice reversing `original` */
  colour: 'blue' | 'red'
  /** 82 数电普票, 81 数电专票 */
  type: '81' | '82'
  seller: Party
  buyer: Party
  lines: InvoiceLine[]
  /** 价税合计 in fen; negative on a red-letter invoice */
  total: number
  note: string
  issuedAt: string
  /** A blue invoice's red-letter reversal, once reversed */
  reversedBy: string | null
  /** A red invoice's original, and why */
  original: string | null
  reason: string | null
  /** What the request said, to refuse the same serial with different content */
  fingerprint: string
}

export class InvoiceBooks {
  private readonly invoices: IssuedInvoice[] = []
  private sequence = 0

  constructor(private readonly file?: string) {
    if (!file) return
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { sequence: number; invoices: IssuedInvoice[] }
      this.invoices.push(...saved.invoices)
      this.sequence = saved.sequence
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }

  byNumber(number: string): IssuedInvoice | undefined {
    return this.invoices.find((invoice) => invoice.number === number)
  }

  byRequest(requestNo: string): IssuedInvoice | undefined {
    return this.invoices.find((invoice) => invoice.requestNo === requestNo)
  }

  /** The next 发票号码: the year's two digits, a region code and a 16-digit sequence (20 digits, as 数电票 numbers are). */
  private nextNumber(at: Date): string {
    this.sequence += 1
    return `${String(at.getUTCFullYear()).slice(2)}11${String(this.sequence).padStart(16, '0')}`
  }

  /** Records a new invoice under the next number. */
  issue(invoice: Omit<IssuedInvoice, 'number' | 'issuedAt' | 'reversedBy'>, at = new Date()): IssuedInvoice {
    const issued: IssuedInvoice = { ...invoice, number: this.nextNumber(at), issuedAt: at.toISOString(), reversedBy: null }
    this.invoices.push(issued)
    if (issued.original) this.byNumber(issued.original)!.reversedBy = issued.number
    this.save()
    return issued
  }

  private save(): void {
    if (!this.file) return
    mkdirSync(path.dirname(this.file), { recursive: true })
    const temporary = `${this.file}.${process.pid}.tmp`
    writeFileSync(temporary, JSON.stringify({ sequence: this.sequence, invoices: this.invoices }, null, 1))
    renameSync(temporary, this.file)
  }
}
