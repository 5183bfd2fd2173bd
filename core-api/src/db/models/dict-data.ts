import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'

export class DictData extends Model<InferAttributes<DictData>, InferCreationAttributes<DictData>> {
  declare dictCode: CreationOptional<string>
  declare dictType: string
  declare dictLabel: string
  declare dictValue: string
  declare treeSort: number
  declare cssClass: string | null
  declare cssStyle: string | null
  declare dictIcon: CreationOptional<string | null>
  declare isSys: CreationOptional<string>
  declare status: CreationOptional<string>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initModel(sequelize: Sequelize) {
    DictData.init(
      {
        dictCode: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        dictType: { type: DataTypes.STRING(64), allowNull: false },
        dictLabel: { type: DataTypes.STRING(200), allowNull: false },
        dictValue: { type: DataTypes.STRING(100), allowNull: false },
        treeSort: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        cssClass: { type: DataTypes.STRING(100), allowNull: true },
        cssStyle: { type: DataTypes.STRING(200), allowNull: true },
        dictIcon: { type: DataTypes.STRING(100), allowNull: true },
        isSys: { type: DataTypes.CHAR(1), allowNull: false, defaultValue: '1' },
        status: { type: DataTypes.CHAR(1), allowNull: false, defaultValue: '0' },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'sys_dict_data' },
    )
  }
}
