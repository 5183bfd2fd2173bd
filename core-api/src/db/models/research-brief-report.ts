import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'

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
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        lang: { type: DataTypes.STRING(5), allowNull: false },
        title: { type: DataTypes.STRING(300), allowNull: false },
        webTitle: { type: DataTypes.STRING(200), allowNull: false },
        marketType: { type: DataTypes.STRING(64), allowNull: false },
        topLabelId: { type: DataTypes.STRING(64), allowNull: false },
        outline: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
        context: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
        publishDate: { type: DataTypes.DATEONLY, allowNull: false },
        pageNum: { type: DataTypes.INTEGER, allowNull: true },
        price: { type: DataTypes.DECIMAL(12, 2), allowNull: false },
        choiceness: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        filePath: { type: DataTypes.STRING(500), allowNull: true },
        fileName: { type: DataTypes.STRING(200), allowNull: true },
        attachmentKey: { type: DataTypes.STRING(300), allowNull: true },
        attachmentName: { type: DataTypes.STRING(300), allowNull: true },
        status: { type: DataTypes.CHAR(1), allowNull: false, defaultValue: '0' },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'research_brief_report' },
    )
  }
}
