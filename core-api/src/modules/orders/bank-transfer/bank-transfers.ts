import type { PayData } from '@rpt/contract'
import { UniqueConstraintError, type Sequelize } from 'sequelize'
import { AppError } from '../../../platform/errors.ts'
import { selectRows } from '../../../platform/lib/sql.ts'
import type { ConfigService } from '../../settings/index.ts'
import type { OrderRow } from '../order-rows.ts'
import { recordAudit } from '../payments/payment-records.ts'
import { newReference } from './reference.ts'
import { presentTransfer, proformaUrl, transferOf } from './transfer-rows.ts'
import { transferSettings } from './transfer-settings.ts'
import { servicePlugin } from '../../../platform/lib/service-plugin.ts'

// The buyer's side of a bank transfer: choosing it for an unpaid order. The
// first choice draws the reference, snapshots the amount and the account (the
// proforma must not change under the buyer when an admin edits the settings)
// and pushes the order's deadline out to the transfer's; choosing it again
// answers the same reference. The order then closes like any other when the
// deadline passes (payment-intake.ts's sweep).

const ATTEMPTS = 5

export class BankTransfers {
  constructor(private readonly deps: { sequelize: Sequelize; configs: ConfigService }) {}

  /** payOrder with payMethod bank, once the order's owner, state and amount are checked. */
  async choose(order: OrderRow, userId: string): Promise<PayData> {
    const { sequelize } = this.deps
    const existing = await transferOf(sequelize, order.orderNo)
    if (!existing) {
      const settings = await transferSettings(this.deps.configs, order.lang)
      if (!settings) throw new AppError('TRANSFER_UNAVAILABLE')
      for (let attempt = 1; ; attempt++) {
        try {
          await sequelize.transaction(async (transaction) => {
            const [updated] = await selectRows<{ expiresAt: Date }>(
              sequelize,
              `UPDATE website_order SET pay_method = 'bank', updated_at = now(),
                      expires_at = GREATEST(expires_at, now() + make_interval(days => $2))
                WHERE id = $1 AND status = '0' RETURNING expires_at AS "expiresAt"`,
              [order.id, settings.deadlineDays],
              transaction,
            )
            if (!updated) throw new AppError('ORDER_NOT_UNPAID')
            // A concurrent first choice of the same order inserts nothing here: its reference is the one answered.
            const inserted = await selectRows<{ reference: string }>(
              sequelize,
              `INSERT INTO bank_transfer (order_id, reference, amount, currency, account, deadline) VALUES ($1, $2, $3, $4, $5, $6)
               ON CONFLICT (order_id) DO NOTHING RETURNING reference`,
              [order.id, newReference(), order.amount, order.currency, JSON.stringify(settings.account), updated.expiresAt],
              transaction,
            )
            if (inserted.length > 0) {
              const detail = { reference: inserted[0]!.reference, deadline: updated.expiresAt }
              await recordAudit(
                sequelize,
                { orderId: order.id, action: 'bank-transfer-chosen', actor: `buyer:${userId}`, detail },
                transaction,
              )
            }
          })
          break
        } catch (error) {
          // Two orders drew the same reference: draw again.
          if (!(error instanceof UniqueConstraintError) || attempt >= ATTEMPTS) throw error
        }
      }
    } else {
      const [updated] = await selectRows<{ id: string }>(
        sequelize,
        `UPDATE website_order SET pay_method = 'bank', updated_at = now() WHERE id = $1 AND status = '0' RETURNING id::text AS id`,
        [order.id],
      )
      if (!updated) throw new AppError('ORDER_NOT_UNPAID')
    }
    const transfer = (await transferOf(sequelize, order.orderNo))!
    return {
      payMethod: 'bank',
      orderPayUrl: proformaUrl(order.orderNo),
      id: order.id,
      orderNo: order.orderNo,
      transfer: presentTransfer(transfer),
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    bankTransfers: BankTransfers
  }
}

export default servicePlugin(
  { name: 'bank-transfers', decorates: 'bankTransfers', dependencies: ['db', 'config-service'] },
  (app) => new BankTransfers({ sequelize: app.db.sequelize, configs: app.configs }),
)
