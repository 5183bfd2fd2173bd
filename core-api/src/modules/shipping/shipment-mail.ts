import type { Lang } from '../../platform/errors.ts'
import { escapeHtml, type MailContent } from '../mail/index.ts'

// The mail a buyer gets when their paper copy leaves: the courier, the
// tracking number and where it goes, in the order's language.

export interface ShippedMailInput {
  siteName: string
  orderNo: string
  title: string
  carrier: string
  trackingNo: string
  recipient: string
  address: string
  orderPage: string
}

export function shipmentShippedMail(lang: Lang, input: ShippedMailInput): MailContent {
  const zh = lang === 'zh-CN'
  const lines = zh
    ? [
        `您订单 ${input.orderNo} 的纸质版报告已寄出。`,
        `报告：${input.title}`,
        `快递公司：${input.carrier}`,
        `运单号：${input.trackingNo}`,
        `收件人：${input.recipient}，${input.address}`,
        '一般 3-5 个工作日送达。您也可以在个人中心“我的订单”中查看寄送信息。',
      ]
    : [
        `The paper copy of your order ${input.orderNo} is on its way.`,
        `Report: ${input.title}`,
        `Carrier: ${input.carrier}`,
        `Tracking number: ${input.trackingNo}`,
        `To: ${input.recipient}, ${input.address}`,
        'It usually arrives in 3-5 working days. My Orders in your account shows these details too.',
      ]
  const label = zh ? '查看我的订单' : 'View my orders'
  const html =
    `<!doctype html><html><body style="font-family:'PingFang SC','Noto Sans SC','Microsoft YaHei',Arial,sans-serif;color:#1f2a37;line-height:1.6;max-width:560px;margin:0 auto;padding:24px">` +
    `<div style="border-bottom:3px solid #12355b;padding-bottom:8px;margin-bottom:24px;font-weight:600;color:#12355b">${escapeHtml(input.siteName)}</div>` +
    lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('') +
    `<p style="margin:24px 0"><a href="${escapeHtml(input.orderPage)}" style="background:#0e7c86;color:#fff;padding:10px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>` +
    '</body></html>'
  return {
    subject: zh
      ? `${input.siteName}：订单 ${input.orderNo} 的纸质版已寄出（${input.carrier} ${input.trackingNo}）`
      : `${input.siteName}: the paper copy of order ${input.orderNo} has shipped (${input.carrier} ${input.trackingNo})`,
    text: `${lines.join('\n')}\n\n${input.orderPage}\n`,
    html,
  }
}
