import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'
import { primaryKey, required, statusFlag, tableOptions, timestamps } from './columns.ts'

export class Carousel extends Model<InferAttributes<Carousel>, InferCreationAttributes<Carousel>> {
  declare id: CreationOptional<string>
  declare lang: string
  declare title: string
  declare subtitle: string
  declare linkUrl: string
  declare color: string
  declare sort: number
  declare status: CreationOptional<string>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initModel(sequelize: Sequelize) {
    Carousel.init(
      {
        id: primaryKey(),
        lang: required(DataTypes.STRING(5)),
        title: required(DataTypes.STRING(200)),
        subtitle: required(DataTypes.STRING(500), ''),
        linkUrl: required(DataTypes.STRING(500)),
        color: required(DataTypes.STRING(32)),
        sort: required(DataTypes.INTEGER, 0),
        status: statusFlag(),
        ...timestamps(),
      },
      tableOptions(sequelize, 'carousel'),
    )
  }
}
