import type { Lang } from '../../platform/errors.ts'
import { escapeHtml, type MailContent } from '../mail/index.ts'

// The buyer's mail when their invoice is issued: its number and a link to the
// order page, where the file downloads once signed in. A link rather than an
// attachment: the file stays behind the account, and the mail queue keeps
// text only.

export interface InvoiceMailInput {
  siteName: string
  orderNo: string
  orderTitle: string
  number: string
  typeName: string
  /** The order page, where the invoice downloads */
  link: string
}

export const INVOICE_TYPE_NAMES: Record<Lang, Record<string, string>> = {
  'zh-CN': { '82': '数电普票（电子发票·普通发票）', '81': '数电专票（电子发票·增值税专用发票）', commercial: '商业发票' },
  'en-US': { '82': 'fully digital e-invoice (ordinary)', '81': 'fully digital e-invoice (special VAT)', commercial: 'commercial invoice' },
}

export function invoiceIssuedMail(lang: Lang, input: InvoiceMailInput): MailContent {
  const zh = lang === 'zh-CN'
  const subject = zh
    ? `【${input.siteName}】订单 ${input.orderNo} 的发票已开具`
    : `${input.siteName}: the invoice for order ${input.orderNo}`
  const lines = zh
    ? [
        `您好，`,
        `您订单 ${input.orderNo}（${input.orderTitle}）的${input.typeName}已开具，发票号码 ${input.number}。`,
        `登录后在订单页面下载发票：${input.link}`,
        `${input.siteName}`,
      ]
    : [
        `Hello,`,
        `The ${input.typeName} for your order ${input.orderNo} (${input.orderTitle}) has been issued, number ${input.number}.`,
        `Sign in and download it from the order page: ${input.link}`,
        `${input.siteName}`,
      ]
  const html = lines
    .map(
      (line) =>
        `<p>${escapeHtml(line).replace(escapeHtml(input.link), `<a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a>`)}</p>`,
    )
    .join('\n')
  return { subject, text: lines.join('\n\n'), html }
}
