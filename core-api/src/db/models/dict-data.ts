import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'
import { nullable, primaryKey, required, statusFlag, tableOptions, timestamps } from './columns.ts'

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
        dictCode: primaryKey(),
        dictType: required(DataTypes.STRING(64)),
        dictLabel: required(DataTypes.STRING(200)),
        dictValue: required(DataTypes.STRING(100)),
        treeSort: required(DataTypes.INTEGER, 0),
        cssClass: nullable(DataTypes.STRING(100)),
        cssStyle: nullable(DataTypes.STRING(200)),
        dictIcon: nullable(DataTypes.STRING(100)),
        isSys: required(DataTypes.CHAR(1), '1'),
        status: statusFlag(),
        ...timestamps(),
      },
      tableOptions(sequelize, 'sys_dict_data'),
    )
  }
}
