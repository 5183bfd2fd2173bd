// An invoicing provider: who issues the Chinese edition's 数电票 and their
// red-letter reversals (红冲). The desk calls it and records what it answers;
// nothing about orders is in here, so a real provider (a tax-control service's
// open API) is one more implementation of this interface, chosen by
// INVOICE_PROVIDER (providers/index.ts). Amounts are minor units (fen).

export interface InvoiceParty {
  name: string
  taxNo: string | null
  address: string | null
  phone: string | null
  bank: string | null
  account: string | null
}

export interface IssueRequest {
  /** Our request serial (发票请求流水号): a provider issues once per serial, so a retry is the same invoice */
  requestNo: string
  /** 82 数电普票, 81 数电专票 */
  type: '81' | '82'
  seller: InvoiceParty
  buyer: InvoiceParty
  /** One line: what was bought, tax-inclusive */
  item: string
  amount: number
  note: string
}

export interface ReverseRequest {
  /** The red-letter invoice's own request serial */
  requestNo: string
  originalNumber: string
  reason: string
}

export interface InvoiceFile {
  format: 'pdf' | 'ofd' | 'xml'
  bytes: Buffer
}

/**
 * What a provider answers: issued (a number and its files), or awaiting-upload
 * (the manual provider: finance issues it on the national platform and uploads
 * the file, uploadInvoiceFile).
 */
export type ProviderAnswer = { status: 'issued'; number: string; files: InvoiceFile[]; issuedAt: Date } | { status: 'awaiting-upload' }

export interface InvoiceProvider {
  /** As recorded on the invoice: manual, sandbox… */
  readonly name: string
  issue(request: IssueRequest): Promise<ProviderAnswer>
  reverse(request: ReverseRequest): Promise<ProviderAnswer>
}

/** The provider refused or could not be reached; the message is the provider's (for finance, logged). */
export class InvoiceProviderError extends Error {}
