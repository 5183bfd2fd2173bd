import { DataTypes, type CreationOptional, type Sequelize } from 'sequelize'
import { counters, primaryKey, required, tableOptions, TimestampedModel, timestamps, varchars } from './columns.ts'

export class MapRegion extends TimestampedModel<MapRegion> {
  declare id: CreationOptional<string>
  declare regionCode: string
  declare nameZh: string
  declare nameEn: string
  declare clients: number
  declare reports: number
  declare sort: number

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
