import { MAX_ADDRESSES, type Address, type AddressList, type SaveAddressBody } from '@rpt/contract'
import type { Sequelize, Transaction } from 'sequelize'
import { AppError, type Lang } from '../../platform/errors.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import { commonDeps, servicePlugin } from '../../platform/lib/service-plugin.ts'
import { addressText, checkAddress, type AddressRecord } from './address-rules.ts'

// The buyer's address book: a buyer reads and changes only their own rows
// (another's id is as good as missing, 100202), and holds at most
// MAX_ADDRESSES (100203; the count is taken under a lock on the account, so
// two saves at once cannot pass it).

export const ADDRESS_COLUMNS = `a.id::text AS id, a.kind, a.recipient, a.phone, a.country, a.province_code AS "provinceCode",
  a.province_name AS "provinceName", a.city_code AS "cityCode", a.city_name AS "cityName", a.district_code AS "districtCode",
  a.district_name AS "districtName", a.region, a.street, a.street2, a.postcode, a.updated_at AS "updatedAt"`

export type AddressRow = AddressRecord & { id: string; updatedAt: Date | string }

export function presentAddress(row: AddressRow, lang: Lang): Address {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    phone: row.phone,
    provinceCode: row.provinceCode,
    provinceName: row.provinceName,
    cityCode: row.kind === 'cn' ? row.cityCode : null,
    cityName: row.kind === 'cn' ? row.cityName : null,
    districtCode: row.districtCode,
    districtName: row.districtName,
    country: row.country.trim(),
    region: row.region,
    city: row.kind === 'intl' ? row.cityName : null,
    street: row.street,
    street2: row.street2,
    postcode: row.postcode,
    text: addressText(row, lang),
    updatedAt: new Date(row.updatedAt).toISOString(),
  }
}

export class AddressBook {
  constructor(private readonly deps: { sequelize: Sequelize }) {}

  private rows(userId: string, transaction?: Transaction) {
    return selectRows<AddressRow>(
      this.deps.sequelize,
      `SELECT ${ADDRESS_COLUMNS} FROM buyer_address a WHERE a.user_id = $1 ORDER BY a.updated_at DESC, a.id DESC`,
      [userId],
      transaction,
    )
  }

  async list(userId: string, lang: Lang): Promise<AddressList> {
    const rows = await this.rows(userId)
    return { list: rows.map((row) => presentAddress(row, lang)), max: MAX_ADDRESSES }
  }

  /** One of the user's addresses (on the caller's transaction, locked with it when asked). */
  async owned(userId: string, id: string, transaction?: Transaction): Promise<AddressRow> {
    const [row] = await selectRows<AddressRow>(
      this.deps.sequelize,
      `SELECT ${ADDRESS_COLUMNS} FROM buyer_address a WHERE a.id = $1 AND a.user_id = $2`,
      [id, userId],
      transaction,
    )
    if (!row) throw new AppError('ADDRESS_NOT_FOUND')
    return row
  }

  async save(userId: string, lang: Lang, input: Omit<SaveAddressBody, 'lang'>): Promise<Address> {
    const record = checkAddress(input)
    const values = [
      record.kind,
      record.recipient,
      record.phone,
      record.country,
      record.provinceCode,
      record.provinceName,
      record.cityCode,
      record.cityName,
      record.districtCode,
      record.districtName,
      record.region,
      record.street,
      record.street2,
      record.postcode,
    ]
    const row = await this.deps.sequelize.transaction(async (transaction) => {
      if (input.id) {
        const [updated] = await selectRows<AddressRow>(
          this.deps.sequelize,
          `UPDATE buyer_address a SET kind = $3, recipient = $4, phone = $5, country = $6, province_code = $7, province_name = $8,
             city_code = $9, city_name = $10, district_code = $11, district_name = $12, region = $13, street = $14, street2 = $15,
             postcode = $16, updated_at = clock_timestamp()
           WHERE a.id = $1 AND a.user_id = $2 RETURNING ${ADDRESS_COLUMNS}`,
          [input.id, userId, ...values],
          transaction,
        )
        if (!updated) throw new AppError('ADDRESS_NOT_FOUND')
        return updated
      }
      // The account's row is the lock: two saves at once count one after the other.
      await selectRows(this.deps.sequelize, `SELECT id FROM website_user WHERE id = $1 FOR UPDATE`, [userId], transaction)
      const [count] = await selectRows<{ n: number }>(
        this.deps.sequelize,
        `SELECT count(*)::int AS n FROM buyer_address WHERE user_id = $1`,
        [userId],
        transaction,
      )
      if ((count?.n ?? 0) >= MAX_ADDRESSES) throw new AppError('ADDRESS_BOOK_FULL')
      const [inserted] = await selectRows<AddressRow>(
        this.deps.sequelize,
        `INSERT INTO buyer_address AS a (user_id, kind, recipient, phone, country, province_code, province_name, city_code, city_name,
           district_code, district_name, region, street, street2, postcode, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, clock_timestamp(), clock_timestamp())
         RETURNING ${ADDRESS_COLUMNS}`,
        [userId, ...values],
        transaction,
      )
      return inserted!
    })
    return presentAddress(row, lang)
  }

  /** Orders placed with it keep their copy (order_shipment.address). */
  async remove(userId: string, lang: Lang, id: string): Promise<AddressList> {
    const [deleted] = await selectRows(this.deps.sequelize, `DELETE FROM buyer_address WHERE id = $1 AND user_id = $2 RETURNING id`, [
      id,
      userId,
    ])
    if (!deleted) throw new AppError('ADDRESS_NOT_FOUND')
    return this.list(userId, lang)
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    addressBook: AddressBook
  }
}

export default servicePlugin(
  { name: 'address-book', decorates: 'addressBook', dependencies: ['db'] },
  (app) => new AddressBook(commonDeps(app)),
)
