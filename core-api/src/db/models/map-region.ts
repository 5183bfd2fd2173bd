import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'

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
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        regionCode: { type: DataTypes.STRING(40), allowNull: false, unique: true },
        nameZh: { type: DataTypes.STRING(100), allowNull: false },
        nameEn: { type: DataTypes.STRING(100), allowNull: false },
        clients: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        reports: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        sort: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'map_region' },
    )
  }
}
