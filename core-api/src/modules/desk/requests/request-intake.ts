import { QueryTypes, type Sequelize } from 'sequelize'
import type { Models } from '../../../platform/db/models/index.ts'
import { AppError, invalid, type Lang } from '../../../platform/errors.ts'
import { validateCustomerRequest, versionApplies } from '../../accounts/index.ts'
import { customerRequestMail, type MailService } from '../../mail/index.ts'
import { toPlainText } from '../../../platform/lib/rich-text.ts'
import type { ConfigService } from '../../settings/index.ts'
import { servicePlugin } from '../../../platform/lib/service-plugin.ts'
import type { LicenceServices } from '../../licensing/index.ts'

/** A sample request (type '1') or a custom research request (type '2'), as the route has validated its shape. */
export interface CustomerInfoInput {
  type: '1' | '2'
  /** '0' China, '1' Global and China; kept only for a sample request in zh-CN */
  version?: '0' | '1' | undefined
  companyName?: string | undefined
  /** Position */
  addr?: string | undefined
  email?: string | undefined
  /** Phone number */
  contact?: string | undefined
  /** Contact person */
  name?: string | undefined
  demand?: string | undefined
  /** Digit string */
  reportId?: string | undefined
  reportPrice?: number | undefined
}

/** Markup removed and surrounding blanks trimmed; empty becomes undefined. */
function plain(value: string | undefined): string | undefined {
  const text = toPlainText(value).trim()
  return text === '' ? undefined : text
}

export interface StaffNotice {
  mails: MailService
  configs: ConfigService
  staffEmail: string
  /** The public origin: the mail links to the request's page of the staff console */
  siteUrl: string
  /** A sample request about a report: its stamped sample mailed to the requester */
  samples: Pick<LicenceServices['samples'], 'send'>
}

export class CustomerInfoService {
  constructor(
    private readonly sequelize: Sequelize,
    private readonly models: Pick<Models, 'CustomerInfo'>,
    private readonly notice: StaffNotice,
  ) {}

  /**
   * Stores a request after the form rules (product spec section 5) pass on
   * the text that will be stored. Every text field is kept as plain text:
   * staff tools display these rows, and a script sent here must stay inert.
   */
  async save(input: CustomerInfoInput, lang: Lang, ip: string | undefined): Promise<{ id: string }> {
    const form = {
      type: input.type,
      version: input.version,
      companyName: plain(input.companyName),
      addr: plain(input.addr),
      email: plain(input.email),
      contact: plain(input.contact),
      name: plain(input.name),
      demand: plain(input.demand),
    }
    const failure = validateCustomerRequest(form, lang)
    if (failure) throw invalid(failure.messages['zh-CN'], failure.messages['en-US'])

    const reportTitle = input.reportId === undefined ? undefined : await this.reportTitle(input.reportId)
    if (input.reportId !== undefined && reportTitle === undefined) throw new AppError('REPORT_EMPTY')

    // Read before the transaction: on the embedded database the pool has one connection, which the transaction holds.
    const siteName = await this.notice.configs.siteName('zh-CN')
    const requesterSiteName = await this.notice.configs.siteName(lang)
    // The request and the staff's notice of it commit together.
    return this.sequelize.transaction(async (transaction) => {
      const row = await this.models.CustomerInfo.create(
        {
          type: form.type,
          version: versionApplies(form, lang) ? (form.version ?? null) : null,
          // The rules above guarantee the required fields are present.
          companyName: form.companyName as string,
          addr: form.addr ?? '',
          email: form.email as string,
          contact: form.contact as string,
          name: form.name as string,
          demand: form.demand as string,
          reportId: input.reportId ?? null,
          reportPrice: input.reportPrice ?? null,
          lang,
          clientIp: ip ? ip.slice(0, 64) : null,
        },
        { transaction },
      )
      const id = String(row.id)
      const content = customerRequestMail(siteName, {
        id,
        type: form.type,
        lang,
        companyName: row.companyName,
        addr: row.addr,
        email: row.email,
        contact: row.contact,
        name: row.name,
        demand: row.demand,
        version: row.version,
        reportTitle,
        reportPrice: input.reportPrice,
        consoleUrl: `${this.notice.siteUrl}/staff/requests/${id}`,
      })
      await this.notice.mails.enqueue(
        { kind: 'staff-notice', reference: id, to: this.notice.staffEmail, content, secret: false },
        transaction,
      )
      if (form.type === '1' && input.reportId !== undefined) await this.notice.samples.send(id, requesterSiteName, transaction)
      return { id }
    })
  }

  /** The title of a published report of either language: the request may come from either edition's page. */
  private async reportTitle(id: string): Promise<string | undefined> {
    const rows = await this.sequelize.query<{ title: string }>(`SELECT r.title FROM research_report r WHERE r.id = $1 AND r.status = '0'`, {
      bind: [id],
      type: QueryTypes.SELECT,
    })
    return rows[0]?.title
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    customerInfo: CustomerInfoService
  }
}

export default servicePlugin(
  { name: 'customer-info-service', decorates: 'customerInfo', dependencies: ['db', 'mail-service', 'config-service', 'licences'] },
  (app) =>
    new CustomerInfoService(app.db.sequelize, app.db.models, {
      mails: app.mails,
      configs: app.configs,
      staffEmail: app.config.STAFF_EMAIL,
      siteUrl: app.config.SITE_URL,
      samples: app.licences.samples,
    }),
)
