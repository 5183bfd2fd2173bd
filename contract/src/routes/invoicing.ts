import { Type } from 'typebox'
import { ErrorEnvelope } from '../envelope.ts'
import {
  DeleteInvoiceTitleBody,
  DeletedInvoiceTitle,
  InvoiceFileQuery,
  InvoiceOrderParam,
  InvoiceTitle,
  ListInvoiceTitlesBody,
  ListInvoicesQuery,
  OrderInvoice,
  RequestInvoiceBody,
  ReverseInvoiceBody,
  SaveInvoiceTitleBody,
  StaffInvoice,
  StaffInvoicePage,
  UploadInvoiceFileQuery,
} from '../invoicing.ts'
import { LangOnlyBody } from '../fields.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

const binary = { schema: Type.String({ format: 'binary' }) }

/** An invoice's file: PDF, OFD (a zip) or XML, as issued, or the error envelope. */
export const INVOICE_FILE_ANSWERS = {
  200: {
    description: 'The invoice file',
    content: { 'application/pdf': binary, 'application/ofd': binary, 'application/xml': binary },
  },
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
} as const

// The buyer's invoice titles and invoice requests (website token).
export const invoicingRoutes = defineRoutes(CALLS.invoicing, ['Invoices'], {
  listTitles: {
    operationId: 'listInvoiceTitles',
    summary: "The signed-in buyer's invoice titles (抬头) of the request's edition, newest first",
    body: ListInvoiceTitlesBody,
    auth: 'session',
    data: Type.Array(InvoiceTitle),
  },
  saveTitle: {
    operationId: 'saveInvoiceTitle',
    summary: 'Adds a title, or changes one of the buyer’s own (id)',
    description:
      'Chinese edition: personal (a name) or company (a name and an 18-character 统一社会信用代码 whose GB 32100-2015 check digit must be right); ' +
      'address, phone, bank and account together make it fit for a 数电专票. English edition: company name, address, optional tax or VAT number. ' +
      'A refused field answers 100001 naming it. Another buyer’s id answers 300701.',
    body: SaveInvoiceTitleBody,
    auth: 'session',
    data: InvoiceTitle,
  },
  deleteTitle: {
    operationId: 'deleteInvoiceTitle',
    summary: 'Deletes one of the buyer’s titles (requests keep their own copy)',
    body: DeleteInvoiceTitleBody,
    auth: 'session',
    data: DeletedInvoiceTitle,
  },
  request: {
    operationId: 'requestInvoice',
    summary: 'Requests the invoice of a paid order, for the amount paid, with a title of the buyer’s (copied onto the request)',
    description:
      'Type 82 数电普票 or 81 数电专票 on a Chinese-edition order (81 needs a company title with its bank details), commercial on an English one. ' +
      'One invoice per order: 300702. Not paid, or refunded: 100010. Unknown order: 100004. Unknown title: 300701.',
    body: RequestInvoiceBody,
    auth: 'session',
    data: OrderInvoice,
  },
  file: {
    operationId: 'downloadInvoice',
    summary: 'The issued invoice file of the buyer’s order (or its red-letter reversal), as a download',
    querystring: InvoiceFileQuery,
    auth: 'session',
    response: INVOICE_FILE_ANSWERS,
  },
})

const audited = 'Audited (listAudit).'

// The finance desk's invoices.
export const staffInvoiceRoutes = defineRoutes(CALLS.staffInvoices, ['Staff: invoices'], {
  list: {
    operationId: 'listInvoices',
    permission: 'invoices.read',
    summary: 'The invoice queue: requests, issued, reversing and reversed invoices, oldest request first, each with its order and title',
    querystring: ListInvoicesQuery,
    data: StaffInvoicePage,
  },
  file: {
    operationId: 'getInvoiceFile',
    permission: 'invoices.read',
    summary: 'An invoice file of the order (the invoice, or its red-letter reversal)',
    params: InvoiceOrderParam,
    querystring: Type.Object(
      { lang: InvoiceFileQuery.properties.lang, which: InvoiceFileQuery.properties.which },
      { additionalProperties: false },
    ),
    response: INVOICE_FILE_ANSWERS,
  },
  issue: {
    operationId: 'issueInvoice',
    permission: 'invoices.act',
    summary: 'Issues a requested invoice through the configured provider (a commercial invoice is rendered here); idempotent',
    description: `An invoice issued already answers as it stands. With the manual provider nothing is sent: finance uploads the file (uploadInvoiceFile). The buyer is mailed a link. ${audited}`,
    params: InvoiceOrderParam,
    body: LangOnlyBody,
    data: StaffInvoice,
  },
  upload: {
    operationId: 'uploadInvoiceFile',
    permission: 'invoices.act',
    summary:
      'Manual provider: the file issued on the national platform (PDF, OFD or XML, the raw body) and its number, for the invoice or its red-letter reversal',
    description: `which=invoice on a requested invoice issues it; which=red on a reversing one completes the reversal, so the refund can go on. ${audited}`,
    params: InvoiceOrderParam,
    querystring: UploadInvoiceFileQuery,
    data: StaffInvoice,
  },
  reverse: {
    operationId: 'reverseInvoice',
    permission: 'invoices.act',
    summary:
      'Reverses (红冲) an issued invoice: the sandbox provider issues the red-letter invoice at once; the manual one waits for its upload',
    params: InvoiceOrderParam,
    body: ReverseInvoiceBody,
    data: StaffInvoice,
  },
  resend: {
    operationId: 'resendInvoice',
    permission: 'invoices.act',
    summary: 'Mails the buyer the issued invoice’s link again',
    description: audited,
    params: InvoiceOrderParam,
    body: LangOnlyBody,
    data: StaffInvoice,
  },
})
