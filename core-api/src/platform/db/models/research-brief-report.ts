import { DataTypes, type CreationOptional, type Sequelize } from 'sequelize'
import { paidContent, PaidContentModel, required, tableOptions, timestamps } from './columns.ts'

/** A bulletin: a short paid industry briefing. Generated search columns are left out. */
export class ResearchBriefReport extends PaidContentModel<ResearchBriefReport> {
  declare topLabelId: string
  declare price: number
  declare choiceness: CreationOptional<boolean>

  static initModel(sequelize: Sequelize) {
    ResearchBriefReport.init(
      {
        ...paidContent(),
        topLabelId: required(DataTypes.STRING(64)),
        price: required(DataTypes.DECIMAL(12, 2)),
        choiceness: required(DataTypes.BOOLEAN, false),
        ...timestamps(),
      },
      tableOptions(sequelize, 'research_brief_report'),
    )
  }
}
