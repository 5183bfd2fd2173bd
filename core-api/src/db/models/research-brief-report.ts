import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'
import { attachment, nullable, primaryKey, publishedContent, required, tableOptions, timestamps } from './columns.ts'

/** A bulletin: a short paid industry briefing. Generated search columns are left out. */
export class ResearchBriefReport extends Model<InferAttributes<ResearchBriefReport>, InferCreationAttributes<ResearchBriefReport>> {
  declare id: CreationOptional<string>
  declare lang: string
  declare title: string
  declare webTitle: string
  declare marketType: string
  declare topLabelId: string
  declare outline: string
  declare context: string
  declare publishDate: string
  declare pageNum: number | null
  declare price: number
  declare choiceness: CreationOptional<boolean>
  declare filePath: string | null
  declare fileName: string | null
  declare attachmentKey: string | null
  declare attachmentName: string | null
  declare status: CreationOptional<string>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initModel(sequelize: Sequelize) {
    ResearchBriefReport.init(
      {
        id: primaryKey(),
        ...publishedContent(),
        ...attachment(),
        topLabelId: required(DataTypes.STRING(64)),
        publishDate: required(DataTypes.DATEONLY),
        pageNum: nullable(DataTypes.INTEGER),
        price: required(DataTypes.DECIMAL(12, 2)),
        choiceness: required(DataTypes.BOOLEAN, false),
        ...timestamps(),
      },
      tableOptions(sequelize, 'research_brief_report'),
    )
  }
}
