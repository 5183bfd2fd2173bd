import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'

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
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        lang: { type: DataTypes.STRING(5), allowNull: false },
        title: { type: DataTypes.STRING(200), allowNull: false },
        subtitle: { type: DataTypes.STRING(500), allowNull: false, defaultValue: '' },
        linkUrl: { type: DataTypes.STRING(500), allowNull: false },
        color: { type: DataTypes.STRING(32), allowNull: false },
        sort: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        status: { type: DataTypes.CHAR(1), allowNull: false, defaultValue: '0' },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'carousel' },
    )
  }
}
