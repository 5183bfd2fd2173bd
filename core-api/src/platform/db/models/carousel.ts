import { DataTypes, type CreationOptional, type Sequelize } from 'sequelize'
import { counters, nullables, primaryKey, required, statusFlag, tableOptions, TimestampedModel, timestamps, varchars } from './columns.ts'

export class Carousel extends TimestampedModel<Carousel> {
  declare id: CreationOptional<string>
  declare lang: string
  declare title: string
  declare subtitle: string
  declare linkUrl: string
  declare color: string
  /** An uploaded image (<sha256>.<ext> under media/images); null: a slide painted with its colour */
  declare imageFile: CreationOptional<string | null>
  declare sort: number
  declare status: CreationOptional<string>

  static initModel(sequelize: Sequelize) {
    Carousel.init(
      {
        id: primaryKey(),
        ...varchars({ lang: 5, title: 200, linkUrl: 500, color: 32 }),
        subtitle: required(DataTypes.STRING(500), ''),
        ...nullables({ imageFile: DataTypes.STRING(80) }),
        ...counters('sort'),
        status: statusFlag(),
        ...timestamps(),
      },
      tableOptions(sequelize, 'carousel'),
    )
  }
}
