import { DataTypes, type CreationOptional, type Sequelize } from 'sequelize'
import { nullables, primaryKey, required, statusFlag, tableOptions, TimestampedModel, timestamps, varchars } from './columns.ts'

/** A sample request (type '1') or a custom research request (type '2'). */
export class CustomerInfo extends TimestampedModel<CustomerInfo> {
  declare id: CreationOptional<string>
  declare type: string
  declare version: string | null
  declare companyName: string
  declare addr: string
  declare email: string
  declare contact: string
  declare name: string
  declare demand: string
  declare reportId: string | null
  declare reportPrice: number | null
  declare lang: string
  declare clientIp: string | null
  declare status: CreationOptional<string>

  static initModel(sequelize: Sequelize) {
    CustomerInfo.init(
      {
        id: primaryKey(),
        type: required(DataTypes.CHAR(1)),
        ...varchars({ companyName: 200, email: 200, contact: 40, name: 100, lang: 5 }),
        addr: required(DataTypes.STRING(200), ''),
        demand: required(DataTypes.TEXT),
        ...nullables({
          version: DataTypes.CHAR(1),
          reportId: DataTypes.BIGINT,
          reportPrice: DataTypes.DECIMAL(12, 2),
          clientIp: DataTypes.STRING(64),
        }),
        status: statusFlag(),
        ...timestamps(),
      },
      tableOptions(sequelize, 'customer_info'),
    )
  }
}
