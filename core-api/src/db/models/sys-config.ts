import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'

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
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        configKey: { type: DataTypes.STRING(120), allowNull: false, unique: true },
        configValue: { type: DataTypes.TEXT, allowNull: false },
        configName: { type: DataTypes.STRING(200), allowNull: false },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'sys_config' },
    )
  }
}
