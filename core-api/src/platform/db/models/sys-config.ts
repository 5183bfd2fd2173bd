import { DataTypes, type CreationOptional, type Sequelize } from 'sequelize'
import { primaryKey, required, tableOptions, TimestampedModel, timestamps } from './columns.ts'

export class SysConfig extends TimestampedModel<SysConfig> {
  declare id: CreationOptional<string>
  declare configKey: string
  declare configValue: string
  declare configName: string
  /** Bumped by each staff save (optimistic concurrency) */
  declare version: CreationOptional<number>

  static initModel(sequelize: Sequelize) {
    SysConfig.init(
      {
        id: primaryKey(),
        configKey: { ...required(DataTypes.STRING(120)), unique: true },
        configValue: required(DataTypes.TEXT),
        configName: required(DataTypes.STRING(200)),
        version: required(DataTypes.INTEGER, 1),
        ...timestamps(),
      },
      tableOptions(sequelize, 'sys_config'),
    )
  }
}
