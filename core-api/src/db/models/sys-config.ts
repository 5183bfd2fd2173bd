import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'
import { primaryKey, required, tableOptions, timestamps } from './columns.ts'

export class SysConfig extends Model<InferAttributes<SysConfig>, InferCreationAttributes<SysConfig>> {
  declare id: CreationOptional<string>
  declare configKey: string
  declare configValue: string
  declare configName: string
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initModel(sequelize: Sequelize) {
    SysConfig.init(
      {
        id: primaryKey(),
        configKey: { ...required(DataTypes.STRING(120)), unique: true },
        configValue: required(DataTypes.TEXT),
        configName: required(DataTypes.STRING(200)),
        ...timestamps(),
      },
      tableOptions(sequelize, 'sys_config'),
    )
  }
}
