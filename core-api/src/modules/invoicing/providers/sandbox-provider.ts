import { createHmac, randomBytes } from 'node:crypto'
import {
  InvoiceProviderError,
  type InvoiceParty,
  type InvoiceProvider,
  type IssueRequest,
  type ProviderAnswer,
  type ReverseRequest,
} from './types.ts'

// A 数电票 provider over HTTP, as the issuing platforms' open APIs are called:
// JSON bodies with the fields' pinyin initials, signed with the app key and an
// HMAC-SHA256 of the app secret over method, path, timestamp, nonce and body.
// The invoice sandbox (sandbox/src/invoicing, docs/invoicing.md) speaks it;
// its signing is written apart from this one, so each checks the other.

export interface HttpProviderOptions {
  /** e.g. http://127.0.0.1:3003/fapiao */
  baseUrl: string
  appKey: string
  appSecret: string
  timeoutMs: number
}

/** The tax rate of research services (现代服务, 6%): the paid amount is tax-inclusive. */
export const SERVICE_TAX_RATE = 0.06

const yuan = (fen: number) => (fen / 100).toFixed(2)

function partyFields(prefix: 'gmf' | 'xsf', party: InvoiceParty): Record<string, string> {
  const fields: Record<string, string | null> = {
    [`${prefix}mc`]: party.name,
    [`${prefix}nsrsbh`]: party.taxNo,
    [`${prefix}dz`]: party.address,
    [`${prefix}dh`]: party.phone,
    [`${prefix}khh`]: party.bank,
    [`${prefix}zh`]: party.account,
  }
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== null))
}

interface ProviderReply {
  code?: string
  msg?: string
  data?: { fphm?: string; kprq?: string; pdf?: string } | null
}

export class SandboxProvider implements InvoiceProvider {
  readonly name = 'sandbox'
  private readonly basePath: string

  constructor(private readonly options: HttpProviderOptions) {
    this.basePath = new URL(options.baseUrl).pathname.replace(/\/+$/, '')
  }

  private async call(path: string, body: Record<string, unknown>): Promise<ProviderAnswer> {
    const text = JSON.stringify(body)
    const timestamp = String(Math.floor(Date.now() / 1000))
    const nonce = randomBytes(16).toString('hex')
    const signed = `POST\n${this.basePath}${path}\n${timestamp}\n${nonce}\n${text}`
    const signature = createHmac('sha256', this.options.appSecret).update(signed, 'utf8').digest('base64')
    let reply: ProviderReply
    try {
      const response = await fetch(`${this.options.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-app-key': this.options.appKey,
          'x-timestamp': timestamp,
          'x-nonce': nonce,
          'x-signature': signature,
        },
        body: text,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      })
      reply = (await response.json()) as ProviderReply
    } catch (error) {
      throw new InvoiceProviderError(`the invoicing provider could not be reached: ${(error as Error).message}`)
    }
    if (reply.code !== '0000' || !reply.data?.fphm || !reply.data.pdf)
      throw new InvoiceProviderError(`the invoicing provider refused: ${reply.code ?? '?'} ${reply.msg ?? ''}`.trim())
    return {
      status: 'issued',
      number: reply.data.fphm,
      files: [{ format: 'pdf', bytes: Buffer.from(reply.data.pdf, 'base64') }],
      issuedAt: reply.data.kprq ? new Date(reply.data.kprq) : new Date(),
    }
  }

  issue(request: IssueRequest): Promise<ProviderAnswer> {
    const net = Math.round(request.amount / (1 + SERVICE_TAX_RATE))
    return this.call('/v1/invoices', {
      fpqqlsh: request.requestNo,
      fppz: request.type,
      ...partyFields('xsf', request.seller),
      ...partyFields('gmf', request.buyer),
      jshj: yuan(request.amount),
      mxxx: [{ xmmc: request.item.slice(0, 100), je: yuan(net), sl: String(SERVICE_TAX_RATE), se: yuan(request.amount - net) }],
      bz: request.note.slice(0, 200),
    })
  }

  reverse(request: ReverseRequest): Promise<ProviderAnswer> {
    return this.call('/v1/invoices/red', { fpqqlsh: request.requestNo, yfphm: request.originalNumber, chyy: request.reason.slice(0, 200) })
  }
}
