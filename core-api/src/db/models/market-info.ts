import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'

/** An industry news article. Generated search columns are left out. */
export class MarketInfo extends Model<InferAttributes<MarketInfo>, InferCreationAttributes<MarketInfo>> {
  declare id: CreationOptional<string>
  declare lang: string
  declare title: string
  declare webTitle: string
  declare marketType: string
  declare marketCategory: string
  declare keyword: string
  declare outline: string
  declare context: string
  /** 'YYYY-MM-DD HH:mm:ss', the publisher's local time */
  declare publishDate: string
  declare filePath: string | null
  declare fileName: string | null
  declare status: CreationOptional<string>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initModel(sequelize: Sequelize) {
    MarketInfo.init(
      {
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        lang: { type: DataTypes.STRING(5), allowNull: false },
        title: { type: DataTypes.STRING(300), allowNull: false },
        webTitle: { type: DataTypes.STRING(200), allowNull: false },
        marketType: { type: DataTypes.STRING(64), allowNull: false },
        marketCategory: { type: DataTypes.STRING(64), allowNull: false },
        keyword: { type: DataTypes.STRING(300), allowNull: false, defaultValue: '' },
        outline: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
        context: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
        // Kept as text both ways: a timestamp without zone is a wall-clock time, not an instant.
        publishDate: { type: 'TIMESTAMP', allowNull: false },
        filePath: { type: DataTypes.STRING(500), allowNull: true },
        fileName: { type: DataTypes.STRING(200), allowNull: true },
        status: { type: DataTypes.CHAR(1), allowNull: false, defaultValue: '0' },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'market_info' },
    )
  }
}
