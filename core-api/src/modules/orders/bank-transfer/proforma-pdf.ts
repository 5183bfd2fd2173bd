import { drawFields, drawNote, drawTable, drawTitle, renderPdf } from '@rpt/server-kit/pdf'
import type { Sequelize } from 'sequelize'
import { AppError, type Lang } from '../../../platform/errors.ts'
import { selectRows } from '../../../platform/lib/sql.ts'
import type { ConfigService } from '../../settings/index.ts'
import { transferOf, type TransferRow } from './transfer-rows.ts'

// The proforma invoice (形式发票) a company's finance department pays
// against: in the order's language, the seller, the buyer (the account's
// company when it has one), the line, the amount, the reference to write in
// the transfer's remark, the account and the deadline. Rendered with the
// shared PDF kit; dated the day the transfer was chosen, so the same order
// renders the same bytes.

const WORDS = {
  'zh-CN': {
    title: '形式发票',
    subtitle: (reference: string, day: string) => `编号 ${reference} · 开具日期 ${day}`,
    seller: '收款方',
    buyer: '付款方',
    name: '名称',
    address: '地址',
    phone: '电话',
    email: '邮箱',
    account: '账号',
    order: '订单号',
    item: '项目',
    edition: '版本',
    licence: '授权',
    amount: '金额',
    total: '应付金额',
    payment: '付款信息',
    accountName: '收款户名',
    bank: '开户银行',
    number: '银行账号',
    swift: 'SWIFT',
    reference: '转账附言（必填）',
    deadline: '付款截止',
    note: (reference: string) =>
      `请通过对公账户转账，并在附言中填写「${reference}」，以便我们核对到账。到账确认后，报告将按订单交付。截止日期前未到账，订单将自动关闭。本形式发票不作为报销凭证，增值税发票在付款后开具。`,
    editions: { standard: '标准版', professional: '专业版' } as Record<string, string>,
    licences: { single: '单用户版', multi: '多用户版', enterprise: '企业版' } as Record<string, string>,
    bulletin: '行业简报',
  },
  'en-US': {
    title: 'Proforma invoice',
    subtitle: (reference: string, day: string) => `No. ${reference} · Issued ${day}`,
    seller: 'Seller',
    buyer: 'Buyer',
    name: 'Name',
    address: 'Address',
    phone: 'Phone',
    email: 'E-mail',
    account: 'Account',
    order: 'Order number',
    item: 'Item',
    edition: 'Edition',
    licence: 'Licence',
    amount: 'Amount',
    total: 'Amount due',
    payment: 'Payment by bank transfer',
    accountName: 'Account name',
    bank: 'Bank',
    number: 'Account number',
    swift: 'SWIFT/BIC',
    reference: 'Remark (required)',
    deadline: 'Pay by',
    note: (reference: string) =>
      `Please pay by bank transfer and write "${reference}" in the transfer's remark, so we can match your payment. The report is delivered once the payment has arrived. The order closes if nothing has arrived by the deadline. This proforma is not a tax invoice; the invoice follows payment.`,
    editions: { standard: 'Standard', professional: 'Professional' } as Record<string, string>,
    licences: { single: 'Single user', multi: 'Multi user', enterprise: 'Enterprise' } as Record<string, string>,
    bulletin: 'Industry bulletin',
  },
} as const

interface ProformaOrder {
  orderNo: string
  userId: string
  lang: Lang
  kind: string
  title: string
  edition: string | null
  licence: string | null
  email: string | null
  login: string
  company: string
  person: string
  accountEmail: string
  contact: string
}

export interface ProformaInput {
  order: ProformaOrder
  transfer: TransferRow
  seller: { name: string; address: string; phone: string; email: string }
}

const money = (minor: number, currency: string) =>
  `${currency === 'USD' ? 'USD' : 'CNY'} ${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
/** A day and time as the order's edition reads it: China time in Chinese, UTC in English. */
const when = (date: Date, lang: Lang) =>
  lang === 'zh-CN'
    ? `${new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')}（北京时间）`
    : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

export function renderProforma({ order, transfer, seller }: ProformaInput): Promise<Buffer> {
  const w = WORDS[order.lang]
  const issued = new Date(transfer.createdAt)
  return renderPdf({ title: `${w.title} ${transfer.reference}`, author: seller.name, date: issued, language: order.lang }, (doc) => {
    drawTitle(doc, w.title, w.subtitle(transfer.reference, issued.toISOString().slice(0, 10)))
    drawFields(doc, w.seller, [
      [w.name, seller.name],
      [w.address, seller.address],
      [w.phone, seller.phone],
      [w.email, seller.email],
    ])
    drawFields(doc, w.buyer, [
      [w.name, order.company || order.person || order.login],
      [w.account, order.login],
      [w.email, order.email ?? order.accountEmail],
      [w.phone, order.contact],
      [w.order, order.orderNo],
    ])
    const edition = order.kind === 'brief' ? w.bulletin : (w.editions[order.edition ?? ''] ?? order.edition ?? '')
    drawTable(
      doc,
      [
        { label: w.item, share: 0.5 },
        { label: w.edition, share: 0.15 },
        { label: w.licence, share: 0.15 },
        { label: w.amount, share: 0.2, align: 'right' },
      ],
      [[order.title, edition, w.licences[order.licence ?? ''] ?? '', money(transfer.amount, transfer.currency)]],
    )
    drawFields(doc, w.payment, [
      [w.total, money(transfer.amount, transfer.currency)],
      [w.reference, transfer.reference],
      [w.accountName, transfer.account.name],
      [w.bank, transfer.account.bank],
      [w.number, transfer.account.number],
      [w.swift, transfer.account.swift],
      [w.deadline, when(new Date(transfer.deadline), order.lang)],
    ])
    drawNote(doc, w.note(transfer.reference))
  })
}

/** The proforma of an order with a bank transfer; with `userId`, only that buyer's (100004 for anyone else's). */
export async function proformaFor(sequelize: Sequelize, configs: ConfigService, orderNo: string, userId?: string): Promise<Buffer> {
  const [order] = await selectRows<ProformaOrder>(
    sequelize,
    `SELECT o.order_no AS "orderNo", o.user_id::text AS "userId", o.lang, o.kind, o.title, o.edition, o.licence, o.email,
            u.login_code AS login, u.company_name AS company, u.name AS person, u.email AS "accountEmail", u.contact
       FROM website_order o JOIN website_user u ON u.id = o.user_id WHERE o.order_no = $1`,
    [orderNo],
  )
  if (!order || (userId !== undefined && order.userId !== userId))
    throw new AppError(userId === undefined ? 'STAFF_ORDER_NOT_FOUND' : 'ORDER_EMPTY')
  const transfer = await transferOf(sequelize, orderNo)
  if (!transfer) throw new AppError('TRANSFER_NOT_FOUND')
  const prefix = order.lang === 'en-US' ? 'en' : 'cn'
  const [name, address, phone, email] = await Promise.all([
    configs.siteName(order.lang),
    configs.text(`${prefix}.contact.address`),
    configs.text(`${prefix}.contact.phone`),
    configs.text(`${prefix}.contact.email`),
  ])
  return renderProforma({
    order,
    transfer,
    seller: { name: transfer.account.name || name, address: address ?? '', phone: phone ?? '', email: email ?? '' },
  })
}
