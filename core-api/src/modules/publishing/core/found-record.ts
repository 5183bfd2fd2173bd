import { AppError } from '../../../platform/errors.ts'

/** A staff view of a record that must exist: a missing one answers STAFF_CONTENT_NOT_FOUND. */
export const staffViewOf =
  <R, V>(view: (record: R) => V) =>
  (record: R | undefined): V => {
    if (!record) throw new AppError('STAFF_CONTENT_NOT_FOUND')
    return view(record)
  }
