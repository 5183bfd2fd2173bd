import { drawFields, drawNote, drawTable, drawTitle, renderPdf } from '@rpt/server-kit/pdf'
import type { Lang } from '../../platform/errors.ts'

// The packing slip that goes in the parcel and on the packer's desk: A4, in
// the order's language, through the shared PDF kit (pdfkit, Noto Sans SC
// subset). Its creation date is the order's payment, so the same order
// renders the same bytes. The subject names the order number in ASCII,
// readable in the file's metadata.

export interface PackingSlipInput {
  lang: Lang
  siteName: string
  orderNo: string
  paidAt: Date
  title: string
  edition: string | null
  licence: string | null
  recipient: string
  phone: string
  address: string
  postcode: string | null
}

const WORDS = {
  'zh-CN': {
    title: '装箱单',
    ship: '收件信息',
    recipient: '收件人',
    phone: '电话',
    address: '地址',
    postcode: '邮政编码',
    order: '订单',
    orderNo: '订单号',
    date: '付款日期',
    item: '内容',
    edition: '版本',
    qty: '数量',
    note: '纸质版报告一份。如有缺页或损坏，请在收货后 7 日内联系我们。',
    editions: { standard: '标准版', professional: '专业版' } as Record<string, string>,
    licences: { single: '单用户', multi: '多用户', enterprise: '企业版' } as Record<string, string>,
  },
  'en-US': {
    title: 'Packing slip',
    ship: 'Ship to',
    recipient: 'Recipient',
    phone: 'Phone',
    address: 'Address',
    postcode: 'Postcode',
    order: 'Order',
    orderNo: 'Order number',
    date: 'Paid on',
    item: 'Item',
    edition: 'Edition',
    qty: 'Qty',
    note: 'One printed copy of the report. If a page is missing or damaged, please contact us within 7 days of delivery.',
    editions: { standard: 'Standard', professional: 'Professional' } as Record<string, string>,
    licences: { single: 'single user', multi: 'multi user', enterprise: 'enterprise' } as Record<string, string>,
  },
} as const

/** A China day, as the desk counts days (the publisher's accounting day). */
const chinaDay = (date: Date) => new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 10)

export function renderPackingSlip(input: PackingSlipInput): Promise<Buffer> {
  const w = WORDS[input.lang]
  const day = chinaDay(input.paidAt)
  const edition = [
    input.edition ? (w.editions[input.edition] ?? input.edition) : null,
    input.licence ? (w.licences[input.licence] ?? input.licence) : null,
  ]
    .filter(Boolean)
    .join(' · ')
  return renderPdf(
    {
      title: `${w.title} ${input.orderNo}`,
      subject: `Packing slip ${input.orderNo}`,
      author: input.siteName,
      date: input.paidAt,
      language: input.lang,
    },
    (doc) => {
      drawTitle(doc, `${input.siteName} · ${w.title}`, `${w.orderNo} ${input.orderNo} · ${day}`)
      drawFields(doc, w.ship, [
        [w.recipient, input.recipient],
        [w.phone, input.phone],
        [w.address, input.address],
        [w.postcode, input.postcode],
      ])
      drawFields(doc, w.order, [
        [w.orderNo, input.orderNo],
        [w.date, day],
      ])
      drawTable(
        doc,
        [
          { label: w.item, share: 0.62 },
          { label: w.edition, share: 0.28 },
          { label: w.qty, share: 0.1, align: 'right' },
        ],
        [[input.title, edition, '1']],
      )
      drawNote(doc, w.note)
    },
  )
}
