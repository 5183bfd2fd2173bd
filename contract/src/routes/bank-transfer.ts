import { Type } from 'typebox'
import {
  BankTransferPage,
  ConfirmStatementBody,
  ImportStatementQuery,
  ListBankTransfersQuery,
  MarkTransferReceivedBody,
  ProformaQuery,
  StatementApplied,
  StatementIdParam,
  StatementPreview,
  TransferReceipt,
} from '../bank-transfer.ts'
import { ErrorEnvelope } from '../envelope.ts'
import { LangOnlyQuery } from '../fields.ts'
import { OrderNoParam } from '../staff-orders.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

const PDF_ANSWER = {
  200: { description: 'The proforma invoice (PDF)', content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } } },
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
} as const

// The buyer's proforma, outside the legacy roots (/report, /basedata), so the
// earlier backend's dialect never serves it.
export const bankTransferRoutes = defineRoutes(CALLS.bankTransfer, ['Orders'], {
  proforma: {
    summary: 'The proforma invoice (PDF) of an order the signed-in buyer chose to pay by bank transfer',
    description:
      "In the order's language: seller, buyer, the line, amount, the reference to write in the transfer's remark, the account and the deadline. " +
      '100004 when the user has no such order, 300901 when the order has no bank transfer.',
    querystring: ProformaQuery,
    auth: 'session',
    response: PDF_ANSWER,
  },
})

const audited = 'Audited (listAudit), and recorded among the order’s payment events.'

export const staffTransferRoutes = defineRoutes(CALLS.staffTransfers, ['Staff: bank transfers'], {
  list: {
    operationId: 'listBankTransfers',
    permission: 'transfers.read',
    summary: 'Orders paid or to be paid by bank transfer: awaiting (oldest deadline first), received or closed (newest first)',
    querystring: ListBankTransfersQuery,
    data: BankTransferPage,
  },
  proforma: {
    operationId: 'getTransferProforma',
    permission: 'transfers.read',
    summary: "An order's proforma invoice (PDF), as the buyer downloads it",
    params: OrderNoParam,
    querystring: LangOnlyQuery,
    response: PDF_ANSWER,
  },
  markReceived: {
    operationId: 'markTransferReceived',
    permission: 'transfers.act',
    summary: 'Records a transfer received: the order becomes paid and is delivered, in one transaction',
    description:
      `A different amount is refused (300903); the same serial for the same order again answers applied false and pays nothing (idempotent); ` +
      `a serial recorded for another order is refused (300904); an order paid, refunded or closed is refused (300905). ${audited}`,
    params: OrderNoParam,
    body: MarkTransferReceivedBody,
    data: TransferReceipt,
  },
  importStatement: {
    operationId: 'importBankStatement',
    permission: 'transfers.act',
    summary:
      'Reads a bank statement (CSV or XLSX, the raw request body, up to 10 MB) and answers its preview: matches to confirm, and the rest',
    description:
      'Columns are found by their headings, Chinese or English (date/交易日期, amount/金额/贷方金额, remark/摘要/附言/备注, serial/流水号, payer/付款人/对方户名). ' +
      "A line matches when its remark holds an awaited order's reference (anywhere, any case) and its amount is the order's. Nothing is paid until " +
      'confirmStatement. A file that cannot be read answers 300906. Audited.',
    querystring: ImportStatementQuery,
    data: StatementPreview,
  },
  getStatement: {
    operationId: 'getBankStatement',
    permission: 'transfers.read',
    summary: 'A statement imported earlier, with its preview as it was read',
    params: StatementIdParam,
    querystring: LangOnlyQuery,
    data: StatementPreview,
  },
  confirmStatement: {
    operationId: 'confirmBankStatement',
    permission: 'transfers.act',
    summary: "Applies the confirmed matches of a statement's preview: each order paid and delivered, as markTransferReceived",
    description:
      'Only lines the preview listed as matches are applied, each checked again in its own transaction; the rest answer in skipped with the reason. ' +
      `Confirming again pays nothing twice. 300907 when there is no such statement. ${audited}`,
    params: StatementIdParam,
    body: ConfirmStatementBody,
    data: StatementApplied,
  },
})
