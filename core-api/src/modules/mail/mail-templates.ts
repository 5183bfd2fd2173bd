import type { Lang } from '../../platform/errors.ts'

// Every mail goes out as plain text and HTML, in the recipient's language.

export interface MailContent {
  subject: string
  text: string
  html: string
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

function layout(siteName: string, paragraphs: string[], action?: { label: string; url: string }, footnote?: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('')
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0e7c86;color:#fff;padding:10px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;color:#5d6d7e;font-size:13px;word-break:break-all">${escapeHtml(action.url)}</p>`
    : ''
  return (
    `<!doctype html><html><body style="font-family:'PingFang SC','Noto Sans SC','Microsoft YaHei',Arial,sans-serif;color:#1f2a37;line-height:1.6;max-width:560px;margin:0 auto;padding:24px">` +
    `<div style="border-bottom:3px solid #12355b;padding-bottom:8px;margin-bottom:24px;font-weight:600;color:#12355b">${escapeHtml(siteName)}</div>` +
    `${body}${button}${footnote ? `<p style="color:#5d6d7e">${escapeHtml(footnote)}</p>` : ''}</body></html>`
  )
}

/** A mail of a few paragraphs and at most one button, in both forms: what most of the site's mails are. */
export function actionMail(input: {
  siteName: string
  subject: string
  paragraphs: string[]
  action?: { label: string; url: string } | undefined
  footnote?: string | undefined
}): MailContent {
  const text = [...input.paragraphs, ...(input.action ? [input.action.url] : []), ...(input.footnote ? [input.footnote] : [])].join('\n\n')
  return { subject: input.subject, text: `${text}\n`, html: layout(input.siteName, input.paragraphs, input.action, input.footnote) }
}

export function passwordResetMail(lang: Lang, input: { siteName: string; name: string; link: string; minutes: number }): MailContent {
  if (lang === 'en-US') {
    const lines = [
      `Hello ${input.name || 'there'},`,
      `We received a request to reset the password of your ${input.siteName} account. The link below sets a new one; it works once and expires in ${input.minutes} minutes.`,
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ]
    return {
      subject: `${input.siteName}: reset your password`,
      text: `${lines[0]}\n\n${lines[1]}\n\n${input.link}\n\n${lines[2]}\n`,
      html: layout(input.siteName, lines.slice(0, 2), { label: 'Set a new password', url: input.link }, lines[2]),
    }
  }
  const lines = [
    `${input.name || '您好'}，您好：`,
    `我们收到了重置您${input.siteName}账户密码的请求。请通过下方链接设置新密码，链接仅可使用一次，${input.minutes} 分钟内有效。`,
    '如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。',
  ]
  return {
    subject: `${input.siteName}：重置密码`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${input.link}\n\n${lines[2]}\n`,
    html: layout(input.siteName, lines.slice(0, 2), { label: '设置新密码', url: input.link }, lines[2]),
  }
}

export interface CustomerRequestSummary {
  id: string
  type: '1' | '2'
  lang: Lang
  companyName: string
  addr: string
  email: string
  contact: string
  name: string
  demand: string
  version: string | null
  reportTitle?: string | undefined
  reportPrice?: number | undefined
  /** The request's page in the staff console */
  consoleUrl?: string | undefined
}

/** For the publisher's staff, who read Chinese; the request's own text is quoted as sent. */
export function customerRequestMail(siteName: string, request: CustomerRequestSummary): MailContent {
  const kind = request.type === '1' ? '样品/购买咨询' : '定制研究需求'
  const rows: [string, string][] = [
    ['编号', request.id],
    ['类型', kind],
    ['站点语言', request.lang],
    ['公司', request.companyName],
    ['职位', request.addr || '—'],
    ['联系人', request.name],
    ['电话', request.contact],
    ['邮箱', request.email],
    ...(request.reportTitle ? [['报告', request.reportTitle] as [string, string]] : []),
    ...(request.reportPrice !== undefined ? [['报告价格', String(request.reportPrice)] as [string, string]] : []),
    ...(request.version ? [['版本', request.version === '0' ? '中国版' : '全球及中国版'] as [string, string]] : []),
    ['需求描述', request.demand],
  ]
  const link = request.consoleUrl ? ([['处理', request.consoleUrl]] as [string, string][]) : []
  const text = [...rows, ...link].map(([k, v]) => `${k}：${v}`).join('\n')
  const html = `<!doctype html><html><body style="font-family:'PingFang SC','Noto Sans SC',Arial,sans-serif;color:#1f2a37"><h2 style="color:#12355b">${escapeHtml(`${siteName} 新的${kind} #${request.id}`)}</h2><table cellpadding="6" style="border-collapse:collapse">${rows
    .map(
      ([k, v]) =>
        `<tr><th align="left" style="border-bottom:1px solid #e5e7eb;white-space:nowrap">${escapeHtml(k)}</th><td style="border-bottom:1px solid #e5e7eb;white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>${
    request.consoleUrl
      ? `<p><a href="${escapeHtml(request.consoleUrl)}" style="color:#12355b">${escapeHtml('在员工工作台中处理此咨询')}</a></p>`
      : ''
  }</body></html>`
  return { subject: `[${siteName}] 新的${kind} #${request.id} - ${request.companyName}`, text, html }
}
