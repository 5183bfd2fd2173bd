import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'

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
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        userId: { type: DataTypes.BIGINT, allowNull: false },
        tokenHash: { type: DataTypes.CHAR(64), allowNull: false, unique: true },
        createdAt: DataTypes.DATE,
        lastSeenAt: DataTypes.DATE,
        expiresAt: { type: DataTypes.DATE, allowNull: false },
        revokedAt: { type: DataTypes.DATE, allowNull: true },
        clientIp: { type: DataTypes.STRING(64), allowNull: true },
        userAgent: { type: DataTypes.STRING(300), allowNull: true },
      },
      { sequelize, tableName: 'website_user_session', updatedAt: false },
    )
  }
}
