import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'
import { nullable, primaryKey, required, statusFlag, tableOptions, timestamps } from './columns.ts'

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
        lang: required(DataTypes.STRING(5)),
        title: required(DataTypes.STRING(300)),
        webTitle: required(DataTypes.STRING(200)),
        marketType: required(DataTypes.STRING(64)),
        topLabelId: required(DataTypes.STRING(64)),
        outline: required(DataTypes.TEXT, ''),
        context: required(DataTypes.TEXT, ''),
        publishDate: required(DataTypes.DATEONLY),
        pageNum: nullable(DataTypes.INTEGER),
        price: required(DataTypes.DECIMAL(12, 2)),
        choiceness: required(DataTypes.BOOLEAN, false),
        filePath: nullable(DataTypes.STRING(500)),
        fileName: nullable(DataTypes.STRING(200)),
        attachmentKey: nullable(DataTypes.STRING(300)),
        attachmentName: nullable(DataTypes.STRING(300)),
        status: statusFlag(),
        ...timestamps(),
      },
      tableOptions(sequelize, 'research_brief_report'),
    )
  }
}
