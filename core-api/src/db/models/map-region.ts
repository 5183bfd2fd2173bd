import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'
import { primaryKey, required, tableOptions, timestamps } from './columns.ts'

export class MapRegion extends Model<InferAttributes<MapRegion>, InferCreationAttributes<MapRegion>> {
  declare id: CreationOptional<string>
  declare regionCode: string
  declare nameZh: string
  declare nameEn: string
  declare clients: number
  declare reports: number
  declare sort: number
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initModel(sequelize: Sequelize) {
    MapRegion.init(
      {
        id: primaryKey(),
        regionCode: { type: DataTypes.STRING(40), allowNull: false, unique: true },
        nameZh: required(DataTypes.STRING(100)),
        nameEn: required(DataTypes.STRING(100)),
        clients: required(DataTypes.INTEGER, 0),
        reports: required(DataTypes.INTEGER, 0),
        sort: required(DataTypes.INTEGER, 0),
        ...timestamps(),
      },
      tableOptions(sequelize, 'map_region'),
    )
  }
}
