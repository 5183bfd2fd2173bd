import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'
import { counters, primaryKey, required, tableOptions, timestamps, varchars } from './columns.ts'

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
        regionCode: { ...required(DataTypes.STRING(40)), unique: true },
        ...varchars({ nameZh: 100, nameEn: 100 }),
        ...counters('clients', 'reports', 'sort'),
        ...timestamps(),
      },
      tableOptions(sequelize, 'map_region'),
    )
  }
}
