import { DataTypes, type CreationOptional, type Sequelize } from 'sequelize'
import { nullable, primaryKey, required, statusFlag, tableOptions, TimestampedModel, timestamps, varchars } from './columns.ts'

/** A registered website user. The password is kept only as an argon2id hash. */
export class WebsiteUser extends TimestampedModel<WebsiteUser> {
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

  static initModel(sequelize: Sequelize) {
    WebsiteUser.init(
      {
        id: primaryKey(),
        ...varchars({ loginCode: 50, passwordHash: 200, email: 200 }),
        // Profile fields may be left blank.
        ...varchars({ name: 100, companyName: 200, addr: 200, contact: 40 }, ''),
        lang: required(DataTypes.STRING(5), 'zh-CN'),
        status: statusFlag(),
        passwordChangedAt: DataTypes.DATE,
        lastLoginAt: nullable(DataTypes.DATE),
        ...timestamps(),
      },
      tableOptions(sequelize, 'website_user'),
    )
  }
}
