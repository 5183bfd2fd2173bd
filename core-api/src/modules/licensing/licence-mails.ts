import type { Lang } from '../../platform/errors.ts'
import { actionMail, type MailContent } from '../mail/index.ts'
import type { LicenceKind } from './stamping/index.ts'

// The mails of licences, in the language of the edition they concern: a
// colleague's invitation to a seat, the link that verifies an account's
// e-mail, and the link to a stamped sample.

export const LICENCE_NAMES: Record<Lang, Record<LicenceKind, string>> = {
  'zh-CN': { single: '单用户许可', multi: '多用户许可', enterprise: '企业许可' },
  'en-US': { single: 'Single-user licence', multi: 'Multi-user licence', enterprise: 'Enterprise licence' },
}

export function seatInvitationMail(
  lang: Lang,
  input: { siteName: string; buyer: string; title: string; licence: LicenceKind; link: string; days: number },
): MailContent {
  const licence = LICENCE_NAMES[lang][input.licence]
  if (lang === 'en-US')
    return actionMail({
      siteName: input.siteName,
      subject: `${input.buyer} gave you access to “${input.title}”`,
      paragraphs: [
        `${input.buyer} has bought “${input.title}” (${licence}) from ${input.siteName} and invites you to a seat of it.`,
        `Accept with an account registered with this e-mail address (you can register on the way); the report is then in My Downloads. Your copy is stamped with your name. The link expires in ${input.days} days.`,
      ],
      action: { label: 'Accept the invitation', url: input.link },
      footnote: 'If you did not expect this, ignore this message.',
    })
  return actionMail({
    siteName: input.siteName,
    subject: `${input.buyer} 邀请您使用《${input.title}》`,
    paragraphs: [
      `${input.buyer} 在${input.siteName}购买了《${input.title}》（${licence}），邀请您使用其中一个席位。`,
      `请使用以本邮箱注册的账户接受邀请（没有账户可以先注册），之后即可在“我的下载”中下载报告。您下载的文件将标注您的姓名。链接 ${input.days} 天内有效。`,
    ],
    action: { label: '接受邀请', url: input.link },
    footnote: '如果您不认识邀请人，请忽略本邮件。',
  })
}

export function emailVerificationMail(lang: Lang, input: { siteName: string; name: string; link: string; hours: number }): MailContent {
  if (lang === 'en-US')
    return actionMail({
      siteName: input.siteName,
      subject: `${input.siteName}: verify your e-mail address`,
      paragraphs: [
        `Hello ${input.name || 'there'},`,
        `Open the link below to verify this address for your ${input.siteName} account. A verified company address lets an enterprise licence admit your colleagues. The link expires in ${input.hours} hours.`,
      ],
      action: { label: 'Verify my e-mail', url: input.link },
      footnote: 'If you did not ask for this, ignore this message.',
    })
  return actionMail({
    siteName: input.siteName,
    subject: `${input.siteName}：验证您的邮箱`,
    paragraphs: [
      `${input.name || '您好'}，您好：`,
      `请点击下方链接验证您${input.siteName}账户的邮箱。验证后，企业许可将向与您同一公司邮箱域名的同事开放。链接 ${input.hours} 小时内有效。`,
    ],
    action: { label: '验证邮箱', url: input.link },
    footnote: '如果这不是您本人的操作，请忽略本邮件。',
  })
}

export function sampleMail(
  lang: Lang,
  input: { siteName: string; name: string; title: string; link: string; days: number; downloads: number },
): MailContent {
  if (lang === 'en-US')
    return actionMail({
      siteName: input.siteName,
      subject: `${input.siteName}: your sample of “${input.title}”`,
      paragraphs: [
        `Hello ${input.name || 'there'},`,
        `Thank you for your interest in “${input.title}”. Your sample is ready; it is marked as prepared for you. The link works ${input.downloads} times within ${input.days} days. Our team will also contact you about the full report.`,
      ],
      action: { label: 'Download the sample', url: input.link },
    })
  return actionMail({
    siteName: input.siteName,
    subject: `${input.siteName}：《${input.title}》样章`,
    paragraphs: [
      `${input.name || '您好'}，您好：`,
      `感谢您关注《${input.title}》。您的样章已准备好，文件中标注了您的申请信息。链接 ${input.days} 天内可下载 ${input.downloads} 次。我们的顾问也会尽快与您联系。`,
    ],
    action: { label: '下载样章', url: input.link },
  })
}
