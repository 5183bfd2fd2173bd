import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'

/** A registered website user. The password is kept only as an argon2id hash. */
export class WebsiteUser extends Model<InferAttributes<WebsiteUser>, InferCreationAttributes<WebsiteUser>> {
  declare id: CreationOptional<string>
  declare loginCode: string
  declare passwordHash: string
  /** Contact person */
  declare name: string
  declare companyName: string
  /** Position */
  declare addr: string
  declare email: string
  /** Phone */
  declare contact: string
  /** The edition the user registered in; mails default to it */
  declare lang: string
  /** '0' active, '1' disabled */
  declare status: CreationOptional<string>
  declare passwordChangedAt: CreationOptional<Date>
  declare lastLoginAt: Date | null
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initModel(sequelize: Sequelize) {
    WebsiteUser.init(
      {
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        loginCode: { type: DataTypes.STRING(50), allowNull: false },
        passwordHash: { type: DataTypes.STRING(200), allowNull: false },
        name: { type: DataTypes.STRING(100), allowNull: false, defaultValue: '' },
        companyName: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
        addr: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
        email: { type: DataTypes.STRING(200), allowNull: false },
        contact: { type: DataTypes.STRING(40), allowNull: false, defaultValue: '' },
        lang: { type: DataTypes.STRING(5), allowNull: false, defaultValue: 'zh-CN' },
        status: { type: DataTypes.CHAR(1), allowNull: false, defaultValue: '0' },
        passwordChangedAt: DataTypes.DATE,
        lastLoginAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'website_user' },
    )
  }
}
