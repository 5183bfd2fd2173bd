import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'
import { primaryKey, publishedContent, required, tableOptions, timestamps } from './columns.ts'

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
        id: primaryKey(),
        ...publishedContent(),
        marketCategory: required(DataTypes.STRING(64)),
        keyword: required(DataTypes.STRING(300), ''),
        // Kept as text both ways: a timestamp without zone is a wall-clock time, not an instant.
        publishDate: required('TIMESTAMP'),
        ...timestamps(),
      },
      tableOptions(sequelize, 'market_info'),
    )
  }
}
