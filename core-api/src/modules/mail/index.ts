// Mail: the outgoing-mail queue (a job per mail, retried) and the templates of every mail the site
// sends.
// Other modules import this file only.

export { default as mailService } from './mail-service.ts'
export type { MailService, OutgoingMail } from './mail-service.ts'
export { actionMail, customerRequestMail, escapeHtml, passwordResetMail } from './mail-templates.ts'
export type { MailContent } from './mail-templates.ts'
