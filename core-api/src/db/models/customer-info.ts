import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'
import { nullable, primaryKey, required, statusFlag, tableOptions, timestamps } from './columns.ts'

/** A sample request (type '1') or a custom research request (type '2'). */
export class CustomerInfo extends Model<InferAttributes<CustomerInfo>, InferCreationAttributes<CustomerInfo>> {
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
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initModel(sequelize: Sequelize) {
    CustomerInfo.init(
      {
        id: primaryKey(),
        type: required(DataTypes.CHAR(1)),
        version: nullable(DataTypes.CHAR(1)),
        companyName: required(DataTypes.STRING(200)),
        addr: required(DataTypes.STRING(200), ''),
        email: required(DataTypes.STRING(200)),
        contact: required(DataTypes.STRING(40)),
        name: required(DataTypes.STRING(100)),
        demand: required(DataTypes.TEXT),
        reportId: nullable(DataTypes.BIGINT),
        reportPrice: nullable(DataTypes.DECIMAL(12, 2)),
        lang: required(DataTypes.STRING(5)),
        clientIp: nullable(DataTypes.STRING(64)),
        status: statusFlag(),
        ...timestamps(),
      },
      tableOptions(sequelize, 'customer_info'),
    )
  }
}
