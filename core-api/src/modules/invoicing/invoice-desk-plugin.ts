import { commonDeps, servicePlugin } from '../../platform/lib/service-plugin.ts'
import { InvoiceDesk } from './invoice-desk.ts'
import { configuredProvider } from './providers/index.ts'

// The desk as a service (app.invoiceDesk), with the provider the settings
// name, and its step registered with every staff refund: reverse first.

declare module 'fastify' {
  interface FastifyInstance {
    invoiceDesk: InvoiceDesk
  }
}

export default servicePlugin(
  { name: 'invoice-desk', decorates: 'invoiceDesk', dependencies: ['db', 'mail-service', 'order-delivery', 'staff-orders'] },
  (app) => {
    const { sequelize, log, options } = commonDeps(app)
    const desk = new InvoiceDesk({
      sequelize,
      log,
      options,
      files: app.files,
      mails: app.mails,
      provider: configuredProvider(options),
      siteNames: () => app.orderDelivery.siteNames(),
    })
    app.staffOrders.addRefundStep((orderNo, reason, staff) => desk.beforeRefund(orderNo, reason, staff))
    return desk
  },
)
