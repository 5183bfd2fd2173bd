import { DataTypes, type CreationOptional, type Sequelize } from 'sequelize'
import { counters, nullables, primaryKey, required, statusFlag, tableOptions, TimestampedModel, timestamps, varchars } from './columns.ts'

export class DictData extends TimestampedModel<DictData> {
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
  /** Bumped by each staff save (optimistic concurrency) */
  declare version: CreationOptional<number>

  static initModel(sequelize: Sequelize) {
    DictData.init(
      {
        dictCode: primaryKey(),
        ...varchars({ dictType: 64, dictLabel: 200, dictValue: 100 }),
        ...counters('treeSort'),
        ...nullables({ cssClass: DataTypes.STRING(100), cssStyle: DataTypes.STRING(200), dictIcon: DataTypes.STRING(100) }),
        isSys: required(DataTypes.CHAR(1), '1'),
        status: statusFlag(),
        version: required(DataTypes.INTEGER, 1),
        ...timestamps(),
      },
      tableOptions(sequelize, 'sys_dict_data'),
    )
  }
}
