import {
  DataTypes,
  Model,
  type CreationOptional,
  type DataType,
  type InferAttributes,
  type InferCreationAttributes,
  type InitOptions,
  type ModelAttributeColumnOptions,
  type Sequelize,
} from 'sequelize'

// What the models' columns share. The tables were written by the migrations
// (NOT NULL unless a value may be missing), so a column here is required
// unless it says nullable; the models only mirror them.
//
// Each call answers new objects: Model.init writes the model and the field
// name into the attribute objects it is given, so no two models may share one.

type Columns<K extends string> = Record<K, ModelAttributeColumnOptions>

/** A bigserial primary key. */
export function primaryKey(): ModelAttributeColumnOptions {
  return { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true }
}

/** '0' published or active, anything else withdrawn or disabled. */
export function statusFlag(): ModelAttributeColumnOptions {
  return { type: DataTypes.CHAR(1), allowNull: false, defaultValue: '0' }
}

/** A model whose table has created_at and updated_at, which Sequelize sets (the columns of timestamps()). */
export abstract class TimestampedModel<M extends Model> extends Model<InferAttributes<M>, InferCreationAttributes<M>> {
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>
}

/** The attributes of publishedContent(), for the models of those tables. */
export abstract class PublishedContentModel<M extends Model> extends TimestampedModel<M> {
  declare id: CreationOptional<string>
  declare lang: string
  declare title: string
  declare webTitle: string
  declare marketType: string
  declare outline: string
  declare context: string
  declare filePath: string | null
  declare fileName: string | null
  declare status: CreationOptional<string>
}

/** The attributes of paidContent(). */
export abstract class PaidContentModel<M extends Model> extends PublishedContentModel<M> {
  declare publishDate: string
  declare pageNum: number | null
  declare attachmentKey: string | null
  declare attachmentName: string | null
}

/** Set by Sequelize on create and update (the tables default them to now()). */
export function timestamps() {
  return { createdAt: DataTypes.DATE, updatedAt: DataTypes.DATE }
}

/** A NOT NULL column, with the table's default when it has one. */
export function required(type: DataType, defaultValue?: string | number | boolean): ModelAttributeColumnOptions {
  return defaultValue === undefined ? { type, allowNull: false } : { type, allowNull: false, defaultValue }
}

/** A column that may be NULL. */
export function nullable(type: DataType): ModelAttributeColumnOptions {
  return { type, allowNull: true }
}

function mapColumns<K extends string, V>(spec: Record<K, V>, column: (value: V) => ModelAttributeColumnOptions): Columns<K> {
  return Object.fromEntries(Object.entries(spec).map(([name, value]) => [name, column(value as V)])) as Columns<K>
}

/** NOT NULL varchar columns by name and length, with one default for all of them when given. */
export function varchars<K extends string>(lengths: Record<K, number>, defaultValue?: string): Columns<K> {
  return mapColumns(lengths, (length) => required(DataTypes.STRING(length), defaultValue))
}

/** Columns that may be NULL, by name and type. */
export function nullables<K extends string>(types: Record<K, DataType>): Columns<K> {
  return mapColumns(types, nullable)
}

/** NOT NULL integer columns that start at 0 (counts and sort orders). */
export function counters<K extends string>(...names: K[]): Columns<K> {
  return Object.fromEntries(names.map((name) => [name, required(DataTypes.INTEGER, 0)])) as Columns<K>
}

/** NOT NULL text columns that start empty (rich text and summaries). */
export function texts<K extends string>(...names: K[]): Columns<K> {
  return Object.fromEntries(names.map((name) => [name, required(DataTypes.TEXT, '')])) as Columns<K>
}

/**
 * The columns every published-content table has (reports, bulletins, news):
 * an edition's row with its slug, category, summary and body, and the file
 * staff attached for it.
 */
export function publishedContent() {
  return {
    id: primaryKey(),
    ...varchars({ lang: 5, title: 300, webTitle: 200, marketType: 64 }),
    ...texts('outline', 'context'),
    ...nullables({ filePath: DataTypes.STRING(500), fileName: DataTypes.STRING(200) }),
    status: statusFlag(),
  }
}

/**
 * The published content that is sold (reports, bulletins): dated by day, with
 * its page count and the stored file a paid order delivers (the object
 * store's key and the name the buyer sees).
 */
export function paidContent() {
  return {
    ...publishedContent(),
    publishDate: required(DataTypes.DATEONLY),
    ...nullables({ pageNum: DataTypes.INTEGER, attachmentKey: DataTypes.STRING(300), attachmentName: DataTypes.STRING(300) }),
  }
}

/** The init options of a model: the table's name, nothing else inferred. */
export function tableOptions<M extends Model>(sequelize: Sequelize, tableName: string): InitOptions<M> {
  return { sequelize, tableName }
}
