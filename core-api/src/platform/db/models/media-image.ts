import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize'
import { nullables, required, tableOptions, varchars } from './columns.ts'

/** An image of the media library: one per SHA-256, as first uploaded (no updated_at: the bytes never change). */
export class MediaImage extends Model<InferAttributes<MediaImage>, InferCreationAttributes<MediaImage>> {
  declare sha256: string
  /** Its key in the file store: media/images/<sha256>.<ext> */
  declare fileKey: string
  declare type: string
  declare size: string
  declare name: string | null
  declare uploadedBy: string
  declare uploadedAt: CreationOptional<Date>

  static initModel(sequelize: Sequelize) {
    MediaImage.init(
      {
        sha256: { type: DataTypes.CHAR(64), primaryKey: true },
        ...varchars({ fileKey: 200, type: 100, uploadedBy: 64 }),
        size: required(DataTypes.BIGINT),
        ...nullables({ name: DataTypes.STRING(200) }),
        uploadedAt: { ...required(DataTypes.DATE), defaultValue: DataTypes.NOW },
      },
      { ...tableOptions(sequelize, 'media_image'), timestamps: false },
    )
  }
}
