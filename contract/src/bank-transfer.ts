import { Type, type Static } from 'typebox'
import { IdField, LangField, PageNoField, PageSizeField } from './fields.ts'

// Bank transfer (对公转账), a payment method of the product's own client:
// the buyer pays the publisher's account with a reference in the transfer's
// remark, against a proforma invoice; finance marks the transfer received,
// or imports the bank's statement and confirms its matches. Amounts are
// major units (yuan, dollars), as the buyer saw them.

/** RPT and 8 characters of a base32 alphabet without 0, 1, I, L, O and U, which are misread when typed into a bank's remark. */
export const TRANSFER_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ'
export const TRANSFER_REFERENCE_PATTERN = '^RPT[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$'

/** The publisher's account, as the buyer is shown it and the proforma prints it. */
export const BankAccount = Type.Object({
  name: Type.String({ description: 'Account name (收款户名)' }),
  bank: Type.String({ description: 'Bank and branch (开户银行)' }),
  number: Type.String({ description: 'Account number' }),
  swift: Type.Optional(Type.String({ description: 'SWIFT/BIC, for international transfers (English edition)' })),
})
export type BankAccount = Static<typeof BankAccount>

/** What payOrder answers in data.transfer for payMethod bank, and what getOrderDocuments answers as proforma. */
export const TransferDetails = Type.Object({
  reference: Type.String({ pattern: TRANSFER_REFERENCE_PATTERN, description: "To write in the transfer's remark (附言)" }),
  amount: Type.Number({ description: 'Major units' }),
  currency: Type.Union([Type.Literal('CNY'), Type.Literal('USD')]),
  deadline: Type.String({ description: 'When the order closes unless the transfer has arrived (ISO 8601)' }),
  account: BankAccount,
  downloadUrl: Type.String({ description: 'The proforma invoice (PDF), for the signed-in buyer' }),
  received: Type.Boolean({ description: 'Finance has recorded the transfer: the order is paid' }),
})
export type TransferDetails = Static<typeof TransferDetails>

/** The proforma's query: a query rather than a path parameter, so a malformed number is answered as the contract answers (HTTP 200, 100001). */
export const ProformaQuery = Type.Object(
  { lang: LangField, orderNo: Type.String({ pattern: '^[A-Za-z0-9]{6,32}$', description: 'The order number' }) },
  { additionalProperties: false },
)
export type ProformaQuery = Static<typeof ProformaQuery>

// ---- Settings: sys_config keys the console's settings screen edits (admins only: they say where money goes).

/** Per edition: cn (RMB, Chinese) and en (USD, English). */
export const BANK_SETTING_KEYS = {
  accountName: 'bank.account.name',
  bank: 'bank.account.bank',
  number: 'bank.account.no',
  swift: 'bank.account.swift',
  deadlineDays: 'bank.deadlineDays.number',
} as const

export const DEFAULT_TRANSFER_DEADLINE_DAYS = 7

/** Whether a configuration key is one of the bank transfer's settings. */
export function isBankSettingKey(key: string): boolean {
  return /^(cn|en)\.bank\./.test(key)
}

/** Why a bank setting's value is refused, in both languages, or undefined when it fits. */
export function bankSettingProblem(key: string, value: string): { 'zh-CN': string; 'en-US': string } | undefined {
  if (!isBankSettingKey(key)) return undefined
  const text = value.trim()
  const suffix = key.slice(3)
  const problem = (zh: string, en: string) => ({
    'zh-CN': `该配置项的值格式不正确：${zh}`,
    'en-US': `This value does not fit this setting: ${en}.`,
  })
  if (suffix === BANK_SETTING_KEYS.deadlineDays)
    return /^([1-9]|[1-5][0-9]|60)$/.test(text) ? undefined : problem('应为 1 到 60 之间的整数天数', 'a whole number of days from 1 to 60')
  if (suffix === BANK_SETTING_KEYS.swift)
    return text === '' || /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(text)
      ? undefined
      : problem('SWIFT/BIC 为 8 或 11 位大写字母和数字', 'a SWIFT/BIC code is 8 or 11 capitals and digits')
  if (suffix === BANK_SETTING_KEYS.number)
    return /^[A-Za-z0-9][A-Za-z0-9 -]{4,40}[A-Za-z0-9]$/.test(text)
      ? undefined
      : problem('银行账号为 6 到 42 位数字或字母（可含空格）', 'an account number is 6 to 42 digits or letters (spaces allowed)')
  if (suffix === BANK_SETTING_KEYS.accountName || suffix === BANK_SETTING_KEYS.bank)
    return text.length >= 2 && text.length <= 200 ? undefined : problem('名称为 2 到 200 个字符', 'a name of 2 to 200 characters')
  return problem('本版本不支持这个银行转账配置项', 'this release has no such bank transfer setting')
}

// ---- The staff desk.

/** awaiting: chosen, not yet received, not closed; received: paid by transfer; closed: expired or cancelled before it arrived. */
export const TransferState = Type.Union([Type.Literal('awaiting'), Type.Literal('received'), Type.Literal('closed')])
export type TransferState = Static<typeof TransferState>

export const ListBankTransfersQuery = Type.Object(
  {
    lang: LangField,
    state: Type.Optional(TransferState),
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'A reference or an order number, or its beginning' })),
    pageNo: PageNoField,
    pageSize: PageSizeField,
  },
  { additionalProperties: false },
)
export type ListBankTransfersQuery = Static<typeof ListBankTransfersQuery>

export const BankTransferItem = Type.Object({
  orderNo: Type.String(),
  reference: Type.String(),
  state: TransferState,
  title: Type.String(),
  buyer: Type.String({ description: "The buyer's login" }),
  company: Type.Union([Type.String(), Type.Null()]),
  amount: Type.Number({ description: 'Major units' }),
  currency: Type.String(),
  chosenAt: Type.String(),
  deadline: Type.String(),
  received: Type.Union([
    Type.Object({
      amount: Type.Number(),
      date: Type.String({ description: 'The day the bank booked it (YYYY-MM-DD)' }),
      serial: Type.String({ description: "The bank's serial number (流水号)" }),
      by: Type.String({ description: 'The staff member who recorded it' }),
      at: Type.String(),
    }),
    Type.Null(),
  ]),
})
export type BankTransferItem = Static<typeof BankTransferItem>

export const BankTransferPage = Type.Object({
  list: Type.Array(BankTransferItem),
  count: Type.Integer(),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
})
export type BankTransferPage = Static<typeof BankTransferPage>

const Day = Type.String({ pattern: '^[12][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$', description: 'YYYY-MM-DD' })
const Serial = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9][A-Za-z0-9_./:-]*$',
  description: "The bank's serial number",
})

export const MarkTransferReceivedBody = Type.Object(
  {
    lang: LangField,
    amount: Type.Number({ minimum: 0, maximum: 100_000_000, description: 'Major units, as the statement shows it' }),
    date: Day,
    serial: Serial,
  },
  { additionalProperties: false },
)
export type MarkTransferReceivedBody = Static<typeof MarkTransferReceivedBody>

export const TransferReceipt = Type.Object({
  orderNo: Type.String(),
  reference: Type.String(),
  state: Type.Literal('received'),
  /** false when the same serial had been recorded for this order already: nothing was paid twice */
  applied: Type.Boolean(),
})
export type TransferReceipt = Static<typeof TransferReceipt>

export const ImportStatementQuery = Type.Object(
  { lang: LangField, name: Type.String({ minLength: 1, maxLength: 200, description: "The file's name (.csv or .xlsx)" }) },
  { additionalProperties: false },
)
export type ImportStatementQuery = Static<typeof ImportStatementQuery>

/** Why a statement line is not a match to confirm. */
export const StatementLineIssue = Type.Union([
  Type.Literal('unknown-reference'),
  Type.Literal('amount-differs'),
  Type.Literal('already-paid'),
  Type.Literal('order-closed'),
  Type.Literal('not-a-credit'),
  Type.Literal('serial-used'),
])
export type StatementLineIssue = Static<typeof StatementLineIssue>

export const StatementLine = Type.Object({
  line: Type.Integer({ description: 'The line as the spreadsheet numbers it (the heading row is its own number)' }),
  date: Type.String(),
  amount: Type.Union([Type.Number(), Type.Null()]),
  remark: Type.String(),
  serial: Type.String(),
  payer: Type.String(),
  reference: Type.Union([Type.String(), Type.Null()]),
  orderNo: Type.Union([Type.String(), Type.Null()]),
  expected: Type.Union([Type.Number(), Type.Null()], { description: "The order's amount, when the reference names one" }),
  issue: Type.Union([StatementLineIssue, Type.Null()], { description: 'null for a match to confirm' }),
})
export type StatementLine = Static<typeof StatementLine>

export const StatementPreview = Type.Object({
  statementId: IdField,
  fileName: Type.String(),
  columns: Type.Record(Type.String(), Type.String(), {
    description: 'Each field read (date, amount, remark, serial, payer) → the heading it was read from',
  }),
  lines: Type.Integer({ description: 'Lines read' }),
  matches: Type.Array(StatementLine),
  others: Type.Array(StatementLine),
  appliedAt: Type.Union([Type.String(), Type.Null()]),
})
export type StatementPreview = Static<typeof StatementPreview>

export const StatementIdParam = Type.Object({ id: IdField }, { additionalProperties: false })
export type StatementIdParam = Static<typeof StatementIdParam>

export const ConfirmStatementBody = Type.Object(
  {
    lang: LangField,
    lines: Type.Array(Type.Integer({ minimum: 1, maximum: 1_000_000 }), {
      minItems: 1,
      maxItems: 10_000,
      description: "The preview's matches to apply, by line",
    }),
  },
  { additionalProperties: false },
)
export type ConfirmStatementBody = Static<typeof ConfirmStatementBody>

export const StatementApplied = Type.Object({
  statementId: IdField,
  applied: Type.Array(Type.Object({ line: Type.Integer(), orderNo: Type.String() })),
  skipped: Type.Array(Type.Object({ line: Type.Integer(), reason: Type.String() })),
})
export type StatementApplied = Static<typeof StatementApplied>
