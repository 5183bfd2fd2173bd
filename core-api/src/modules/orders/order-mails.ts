import type { Lang } from '../../platform/errors.ts'
import { escapeHtml, type MailContent } from '../mail/index.ts'

// The mail a buyer gets once an order is paid: a receipt, and the file (a
// signed link for research reports, My Downloads for bulletins) or word that
// the analysts will deliver it.

export function formatAmount(amount: number, currency: string): string {
  const major = (amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return currency === 'CNY' ? `¥${major}` : `${currency} ${major}`
}

export interface PaidMailInput {
  siteName: string
  orderNo: string
  title: string
  amount: number
  currency: string
  kind: 'brief' | 'research'
  hasFile: boolean
  downloadLink?: string | undefined
  downloadsPage: string
}

export function orderPaidMail(lang: Lang, input: PaidMailInput): MailContent {
  const zh = lang === 'zh-CN'
  const lines: string[] = zh
    ? [`感谢您的购买。订单 ${input.orderNo} 已支付成功。`, `产品：${input.title}`, `金额：${formatAmount(input.amount, input.currency)}`]
    : [
        `Thank you for your purchase. Order ${input.orderNo} has been paid.`,
        `Product: ${input.title}`,
        `Amount: ${formatAmount(input.amount, input.currency)}`,
      ]
  let action: { label: string; url: string } | undefined
  if (input.downloadLink) {
    lines.push(
      zh
        ? '报告文件可通过下方链接下载，链接 7 天内有效，也可随时在个人中心“我的下载”中获取。'
        : 'Download the report with the link below (valid for 7 days), or at any time from My Downloads in your account.',
    )
    action = { label: zh ? '下载报告' : 'Download the report', url: input.downloadLink }
  } else if (input.hasFile) {
    lines.push(zh ? '您可以在个人中心“我的下载”中下载文件。' : 'You can download the file from My Downloads in your account.')
    action = { label: zh ? '前往我的下载' : 'Go to My Downloads', url: input.downloadsPage }
  } else {
    lines.push(
      zh
        ? '分析师将在 2-3 个工作日内通过邮件向您交付 PDF/Word 版报告，纸质版 3-5 个工作日快递送达。'
        : 'Our analysts will e-mail the PDF/Word edition within 2-3 working days; a paper copy follows by courier in 3-5 working days.',
    )
  }
  lines.push(zh ? '购买后六个月内可享受分析师售后支持。' : 'You have six months of analyst support after purchase.')
  const text = `${lines.join('\n')}\n${action ? `\n${action.url}\n` : ''}`
  const html =
    `<!doctype html><html><body style="font-family:'PingFang SC','Noto Sans SC','Microsoft YaHei',Arial,sans-serif;color:#1f2a37;line-height:1.6;max-width:560px;margin:0 auto;padding:24px">` +
    `<div style="border-bottom:3px solid #12355b;padding-bottom:8px;margin-bottom:24px;font-weight:600;color:#12355b">${escapeHtml(input.siteName)}</div>` +
    lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('') +
    (action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0e7c86;color:#fff;padding:10px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>`
      : '') +
    '</body></html>'
  return {
    subject: zh ? `${input.siteName}：订单 ${input.orderNo} 支付成功` : `${input.siteName}: order ${input.orderNo} paid`,
    text,
    html,
  }
}

export type RefundCause = 'late-payment' | 'second-payment' | 'staff'

export interface RefundMailInput {
  siteName: string
  orderNo: string
  title: string
  amount: number
  currency: string
  cause: RefundCause
  /** Staff's words, for a refund they made */
  reason: string
}

/** The mail a buyer gets once money taken for an order has gone back, saying why. */
export function paymentReturnedMail(lang: Lang, input: RefundMailInput): MailContent {
  const zh = lang === 'zh-CN'
  const amount = formatAmount(input.amount, input.currency)
  const why = {
    'late-payment': zh
      ? `订单 ${input.orderNo} 在您付款之前已经取消或过期，无法再按已支付处理，因此这笔 ${amount} 的付款已全额退回。如仍需要该报告，请重新下单。`
      : `Order ${input.orderNo} had been cancelled or had expired before your payment of ${amount} arrived, so it could no longer be fulfilled; the payment has been returned in full. If you still want the report, please place a new order.`,
    'second-payment': zh
      ? `订单 ${input.orderNo} 此前已经支付成功，这笔重复的 ${amount} 付款已全额退回。您的订单不受影响。`
      : `Order ${input.orderNo} had already been paid, so your second payment of ${amount} has been returned in full. Your order is not affected.`,
    staff: zh
      ? `订单 ${input.orderNo} 已退款 ${amount}，原因：${input.reason}。该订单的下载链接已失效。`
      : `Order ${input.orderNo} has been refunded (${amount}). Reason: ${input.reason}. The order's download links no longer work.`,
  }[input.cause]
  const lines = zh
    ? [why, `产品：${input.title}`, '退款将原路退回您的支付账户，到账时间以支付平台为准。如有疑问，请回复此邮件联系我们。']
    : [
        why,
        `Product: ${input.title}`,
        'The money goes back to the account you paid from; when it arrives depends on the payment provider. Reply to this mail with any question.',
      ]
  const text = `${lines.join('\n')}\n`
  const html =
    `<!doctype html><html><body style="font-family:'PingFang SC','Noto Sans SC','Microsoft YaHei',Arial,sans-serif;color:#1f2a37;line-height:1.6;max-width:560px;margin:0 auto;padding:24px">` +
    `<div style="border-bottom:3px solid #12355b;padding-bottom:8px;margin-bottom:24px;font-weight:600;color:#12355b">${escapeHtml(input.siteName)}</div>` +
    lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('') +
    '</body></html>'
  return {
    subject: zh
      ? `${input.siteName}：订单 ${input.orderNo} 的付款已退回`
      : `${input.siteName}: your payment for order ${input.orderNo} was returned`,
    text,
    html,
  }
}
