import type { Transaction } from 'sequelize'
import { commonDeps, servicePlugin } from '../../platform/lib/service-plugin.ts'
import { LicensedCopies, STAMP_QUEUE } from './copies.ts'
import { EmailVerifications } from './email-verification.ts'
import { Holdings } from './holdings.ts'
import { LicensedDownloads } from './licensed-downloads.ts'
import { Samples } from './samples.ts'
import { SeatDesk } from './seat-desk.ts'
import { SeatOrders } from './seat-orders.ts'
import { Seats } from './seats.ts'
import { Tracing } from './tracing.ts'

// The licences module's services on one decorator, and the stamping queue's
// worker: every instance stamps, a copy is claimed by one.

/** How long a download waits for a copy another instance is stamping before it asks the buyer to come back. */
const STAMP_WAIT_MS = 15_000

export interface LicenceServices {
  holdings: Holdings
  copies: LicensedCopies
  downloads: LicensedDownloads
  seats: Seats
  verification: EmailVerifications
  samples: Samples
  tracing: Tracing
  desk: SeatDesk
  /** When an order is paid: the buyer's copy started, and an enterprise order given the buyer's verified domain. */
  onPaid(orderId: string, userId: string, transaction: Transaction): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    licences: LicenceServices
  }
}

export default servicePlugin(
  { name: 'licences', decorates: 'licences', dependencies: ['db', 'job-queue', 'mail-service', 'config-service'] },
  async (app) => {
    const { sequelize, log, options } = commonDeps(app)
    const holdings = new Holdings(sequelize)
    const copies = new LicensedCopies({ sequelize, files: app.files, jobs: app.jobs, log, waitMs: STAMP_WAIT_MS })
    const downloads = new LicensedDownloads({ sequelize, holdings, copies, configs: app.configs })
    const orders = new SeatOrders({ sequelize, configs: app.configs })
    const seats = new Seats({
      sequelize,
      orders,
      configs: app.configs,
      mails: app.mails,
      options,
      onAccepted: (orderId, userId, transaction) => downloads.prepareFor(orderId, userId, transaction),
    })
    const services: LicenceServices = {
      holdings,
      copies,
      downloads,
      seats,
      verification: new EmailVerifications({ sequelize, mails: app.mails, configs: app.configs, orders, options }),
      samples: new Samples({ sequelize, copies, mails: app.mails, options }),
      tracing: new Tracing({ sequelize }),
      desk: new SeatDesk({ sequelize, orders, seats, copies }),
      async onPaid(orderId, userId, transaction) {
        await orders.adoptBuyerDomain(userId, transaction)
        await downloads.prepareFor(orderId, userId, transaction)
      },
    }
    await app.jobs.define(STAMP_QUEUE, { policy: 'standard', retryLimit: 4, retryDelay: 15, retryBackoff: true, expireInSeconds: 600 })
    await app.jobs.work<{ copyId: string }>(STAMP_QUEUE, ({ copyId }) => copies.stamp(copyId))
    return services
  },
)
