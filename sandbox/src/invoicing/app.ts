import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { jsonBodies } from '@rpt/server-kit'
import { InvoiceBooks, type IssuedInvoice, type Party } from './books.ts'
import { INVOICE_PREFIX, type InvoiceKeys } from './keys.ts'
import { renderInvoicePdf } from './pdf.ts'
import { checkSignature } from './signing.ts'

// The invoice sandbox's API, shaped as the 数电票 issuing platforms' open APIs
// are (field names in their pinyin initials): issue an invoice (蓝字发票) for a
// request serial, reverse one with a red-letter invoice (红冲), and look one up.
// Every call is signed (signing.ts); every answer is {code, msg, data} with
// code '0000' for success. The invoice's PDF comes back base64 in the answer.
//
//   POST {prefix}/v1/invoices      {fpqqlsh, fppz: 81|82, xsf*, gmf*, jshj, mxxx[{xmmc, je, sl, se}], bz}
//   POST {prefix}/v1/invoices/red  {fpqqlsh, yfphm, chyy}
//   GET  {prefix}/v1/invoices/:fphm

export interface InvoiceSandboxOptions {
  keys: InvoiceKeys
  books?: InvoiceBooks
}

type Body = Record<string, unknown>

class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message)
  }
}

const TAX_NO = /^[0-9A-Z]{15}$|^[0-9A-Z]{17,18}$|^[0-9A-Z]{20}$/
const AMOUNT = /^-?[0-9]{1,10}(\.[0-9]{1,2})?$/

function text(body: Body, field: string, max: number, required: boolean): string | null {
  const value = body[field]
  if (value === undefined || value === null || value === '') {
    if (required) throw new Refusal('4001', `${field} is required`)
    return null
  }
  if (typeof value !== 'string' || value.length > max) throw new Refusal('4001', `${field} must be text of at most ${max} characters`)
  return value.trim()
}

function fen(value: unknown, field: string): number {
  if (typeof value !== 'string' || !AMOUNT.test(value))
    throw new Refusal('4001', `${field} must be an amount in yuan with at most 2 decimals`)
  return Math.round(Number(value) * 100)
}

function party(body: Body, prefix: 'gmf' | 'xsf', needsBank: boolean): Party {
  const taxNo = text(body, `${prefix}nsrsbh`, 20, prefix === 'xsf' || needsBank)
  if (taxNo !== null && !TAX_NO.test(taxNo)) throw new Refusal('4002', `${prefix}nsrsbh is not a taxpayer identification number`)
  return {
    name: text(body, `${prefix}mc`, 200, true)!,
    taxNo,
    address: text(body, `${prefix}dz`, 300, needsBank),
    phone: text(body, `${prefix}dh`, 40, needsBank),
    bank: text(body, `${prefix}khh`, 200, needsBank),
    account: text(body, `${prefix}zh`, 60, needsBank),
  }
}

const fingerprintOf = (body: Body) => createHash('sha256').update(JSON.stringify(body)).digest('hex')

/** The answer about one invoice, with its PDF. */
async function invoiceData(invoice: IssuedInvoice) {
  return {
    fpqqlsh: invoice.requestNo,
    fphm: invoice.number,
    fppz: invoice.type,
    kprq: invoice.issuedAt,
    jshj: (invoice.total / 100).toFixed(2),
    zt: invoice.reversedBy ? 'reversed' : 'issued',
    hzfphm: invoice.reversedBy,
    yfphm: invoice.original,
    pdf: (await renderInvoicePdf(invoice)).toString('base64'),
  }
}

export default async function invoiceSandbox(app: FastifyInstance, options: InvoiceSandboxOptions) {
  const books = options.books ?? new InvoiceBooks()
  const nonces = new Map<string, number>()
  jsonBodies(app, { keepRaw: true })
  app.get('/health', async () => ({ status: 'ok' }))

  const answer = (reply: FastifyReply, error: unknown) => {
    if (error instanceof Refusal) return reply.status(error.status).send({ code: error.code, msg: error.message, data: null })
    throw error
  }

  /** Refuses an unsigned or badly signed call as a provider does: 401 and a code. */
  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!
    const problem = checkSignature(
      options.keys,
      { method: request.method, path, body: request.rawBody ?? '', headers: request.headers },
      nonces,
    )
    if (problem) {
      request.log.warn({ problem, path }, 'invoice sandbox: refused a call')
      return reply.status(401).send({ code: '4010', msg: `authentication failed: ${problem}`, data: null })
    }
  }

  await app.register(
    async (api) => {
      api.addHook('preHandler', authenticate)

      api.post('/v1/invoices', async (request, reply) => {
        try {
          const body = (request.body ?? {}) as Body
          const requestNo = text(body, 'fpqqlsh', 40, true)!
          const type = body.fppz
          if (type !== '81' && type !== '82') throw new Refusal('4001', 'fppz must be 81 (数电专票) or 82 (数电普票)')
          const fingerprint = fingerprintOf(body)
          const earlier = books.byRequest(requestNo)
          if (earlier) {
            // The same serial again: the same invoice (a retry), unless the content changed.
            if (earlier.fingerprint !== fingerprint || earlier.colour !== 'blue')
              throw new Refusal('4009', 'fpqqlsh was used for another invoice', 409)
            return { code: '0000', msg: 'success', data: await invoiceData(earlier) }
          }
          const buyer = party(body, 'gmf', type === '81')
          const seller = party(body, 'xsf', false)
          if (!Array.isArray(body.mxxx) || body.mxxx.length === 0 || body.mxxx.length > 100)
            throw new Refusal('4001', 'mxxx needs 1 to 100 lines')
          const lines = (body.mxxx as Body[]).map((line, i) => {
            const rate = Number(line.sl)
            if (!(rate >= 0 && rate <= 0.17)) throw new Refusal('4001', `mxxx[${i}].sl must be a tax rate between 0 and 0.17`)
            return { item: text(line, 'xmmc', 100, true)!, net: fen(line.je, `mxxx[${i}].je`), rate, tax: fen(line.se, `mxxx[${i}].se`) }
          })
          const total = fen(body.jshj, 'jshj')
          if (total <= 0) throw new Refusal('4001', 'jshj must be positive')
          if (lines.reduce((sum, line) => sum + line.net + line.tax, 0) !== total)
            throw new Refusal('4003', 'jshj is not the sum of the lines')
          const issued = books.issue({
            requestNo,
            colour: 'blue',
            type,
            seller,
            buyer,
            lines,
            total,
            note: text(body, 'bz', 200, false) ?? '',
            original: null,
            reason: null,
            fingerprint,
          })
          request.log.info({ number: issued.number, requestNo }, 'invoice sandbox: issued')
          return { code: '0000', msg: 'success', data: await invoiceData(issued) }
        } catch (error) {
          return answer(reply, error)
        }
      })

      api.post('/v1/invoices/red', async (request, reply) => {
        try {
          const body = (request.body ?? {}) as Body
          const requestNo = text(body, 'fpqqlsh', 40, true)!
          const originalNo = text(body, 'yfphm', 20, true)!
          const reason = text(body, 'chyy', 200, true)!
          const earlier = books.byRequest(requestNo)
          if (earlier) {
            if (earlier.colour !== 'red' || earlier.original !== originalNo)
              throw new Refusal('4009', 'fpqqlsh was used for another invoice', 409)
            return { code: '0000', msg: 'success', data: await invoiceData(earlier) }
          }
          const original = books.byNumber(originalNo)
          if (!original || original.colour !== 'blue') throw new Refusal('4004', `no invoice ${originalNo} to reverse`, 404)
          if (original.reversedBy) throw new Refusal('4005', `invoice ${originalNo} is reversed already by ${original.reversedBy}`, 409)
          const red = books.issue({
            requestNo,
            colour: 'red',
            type: original.type,
            seller: original.seller,
            buyer: original.buyer,
            lines: original.lines.map((line) => ({ ...line, net: -line.net, tax: -line.tax })),
            total: -original.total,
            note: `对应正数发票代码:${original.number}`,
            original: original.number,
            reason,
            fingerprint: fingerprintOf(body),
          })
          request.log.info({ number: red.number, original: originalNo }, 'invoice sandbox: reversed')
          return { code: '0000', msg: 'success', data: await invoiceData(red) }
        } catch (error) {
          return answer(reply, error)
        }
      })

      api.get<{ Params: { number: string } }>('/v1/invoices/:number', async (request, reply) => {
        const invoice = books.byNumber(request.params.number)
        if (!invoice) return reply.status(404).send({ code: '4004', msg: `no invoice ${request.params.number}`, data: null })
        return { code: '0000', msg: 'success', data: await invoiceData(invoice) }
      })
    },
    { prefix: INVOICE_PREFIX },
  )
}
