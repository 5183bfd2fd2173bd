import { DataTypes, type DataType, type InitOptions, type Model, type Sequelize } from 'sequelize'

// What the models' columns share. The tables were written by the migrations
// (NOT NULL unless a value may be missing), so a column here is required
// unless it says nullable; the models only mirror them.

// Each call answers a new object: Model.init writes the model and the field
// name into the attribute objects it is given, so no two models may share one.

/** A bigserial primary key. */
export function primaryKey() {
  return { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true }
}

/** '0' published or active, anything else withdrawn or disabled. */
export function statusFlag() {
  return { type: DataTypes.CHAR(1), allowNull: false, defaultValue: '0' }
}

/** Set by Sequelize on create and update (the tables default them to now()). */
export function timestamps() {
  return { createdAt: DataTypes.DATE, updatedAt: DataTypes.DATE }
}

/** A NOT NULL column, with the table's default when it has one. */
export function required(type: DataType, defaultValue?: string | number | boolean) {
  return defaultValue === undefined ? { type, allowNull: false } : { type, allowNull: false, defaultValue }
}

/** A column that may be NULL. */
export function nullable(type: DataType) {
  return { type, allowNull: true }
}

/** The init options of a model: the table's name, nothing else inferred. */
export function tableOptions<M extends Model>(sequelize: Sequelize, tableName: string): InitOptions<M> {
  return { sequelize, tableName }
}
