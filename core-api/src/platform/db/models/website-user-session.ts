import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'
import { nullables, primaryKey, required, tableOptions } from './columns.ts'

/** A login. Only the SHA-256 digest of its token is stored. */
export class WebsiteUserSession extends Model<InferAttributes<WebsiteUserSession>, InferCreationAttributes<WebsiteUserSession>> {
  declare id: CreationOptional<string>
  declare userId: string
  declare tokenHash: string
  declare createdAt: CreationOptional<Date>
  declare lastSeenAt: CreationOptional<Date>
  declare expiresAt: Date
  declare revokedAt: Date | null
  declare clientIp: string | null
  declare userAgent: string | null

  static initModel(sequelize: Sequelize) {
    WebsiteUserSession.init(
      {
        id: primaryKey(),
        userId: required(DataTypes.BIGINT),
        tokenHash: { ...required(DataTypes.CHAR(64)), unique: true },
        createdAt: DataTypes.DATE,
        lastSeenAt: DataTypes.DATE,
        expiresAt: required(DataTypes.DATE),
        ...nullables({ revokedAt: DataTypes.DATE, clientIp: DataTypes.STRING(64), userAgent: DataTypes.STRING(300) }),
      },
      // The table has no updated_at column.
      { ...tableOptions(sequelize, 'website_user_session'), updatedAt: false },
    )
  }
}
