import { DataTypes, type Sequelize } from 'sequelize'
import { publishedContent, PublishedContentModel, required, tableOptions, timestamps } from './columns.ts'

/** An industry news article. Generated search columns are left out. */
export class MarketInfo extends PublishedContentModel<MarketInfo> {
  declare marketCategory: string
  declare keyword: string
  /** 'YYYY-MM-DD HH:mm:ss', the publisher's local time */
  declare publishDate: string

  static initModel(sequelize: Sequelize) {
    MarketInfo.init(
      {
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
