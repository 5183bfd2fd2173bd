import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'

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
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        type: { type: DataTypes.CHAR(1), allowNull: false },
        version: { type: DataTypes.CHAR(1), allowNull: true },
        companyName: { type: DataTypes.STRING(200), allowNull: false },
        addr: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
        email: { type: DataTypes.STRING(200), allowNull: false },
        contact: { type: DataTypes.STRING(40), allowNull: false },
        name: { type: DataTypes.STRING(100), allowNull: false },
        demand: { type: DataTypes.TEXT, allowNull: false },
        reportId: { type: DataTypes.BIGINT, allowNull: true },
        reportPrice: { type: DataTypes.DECIMAL(12, 2), allowNull: true },
        lang: { type: DataTypes.STRING(5), allowNull: false },
        clientIp: { type: DataTypes.STRING(64), allowNull: true },
        status: { type: DataTypes.CHAR(1), allowNull: false, defaultValue: '0' },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'customer_info' },
    )
  }
}
