import type { Sequelize, Transaction } from 'sequelize'
import type { ArticleCover } from '@rpt/contract'
import { IMAGE_KEY_PREFIX } from '../../../platform/files/uploads/index.ts'
import { MEDIA_URL_PREFIX } from '../media/media-store.ts'
import type { ArticleKind } from './article-kinds.ts'
import { FILE_COLUMNS, fileOf, type FileInput, type Row, type StoredFileRecord } from '../reports/report-store.ts'

// The files of an article: its cover image, both kinds, and a
// bulletin's file, what its buyers download.
//
// The cover is the legacy pair file_path/file_name, which every public answer
// carries and the earlier backend's clients paste into
// LEGACY_FILES_PREFIX + '/fileupload/' + filePath + fileName. An uploaded
// cover is an image of the file store under media/images/<sha256>.<ext>, as
// the carousel's are: file_path is COVER_PATH and file_name <sha256>.<ext>
// (routes/legacy-files answers that address from there). An article without
// an uploaded cover keeps whatever it had (null, or an imported legacy path),
// so its answers stay byte for byte what they were.
//
// A bulletin's file is attachment_key/attachment_name with its size, SHA-256,
// type and upload time; paying copies key and name onto the order
// (order-delivery.ts), so a later upload never changes what a buyer got.

export const COVER_PATH = `${IMAGE_KEY_PREFIX}/`

/** The cover image's file name, when file_path/file_name name an uploaded one; else undefined. */
export function uploadedCoverFile(filePath: unknown, fileName: unknown): string | undefined {
  return filePath === COVER_PATH && typeof fileName === 'string' && /^[0-9a-f]{64}\.(?:png|jpg|webp)$/.test(fileName) ? fileName : undefined
}

/** The columns an article's files are read from, besides the kind's fields. */
export function fileColumns(spec: ArticleKind): string {
  const cover = `file_path AS "coverPath", file_name AS "coverName"`
  return spec.attachment
    ? `${cover}, attachment_key AS "attachmentKey", attachment_name AS "attachmentName", ${FILE_COLUMNS('attachment')}`
    : cover
}

/** The record's cover (and a bulletin's file) from its row, and the row without their columns. */
export function articleFiles(spec: ArticleKind, row: Record<string, unknown>): Record<string, unknown> {
  const { coverPath, coverName, attachmentKey: _k, attachmentName: _n, ...rest } = row
  for (const column of ['Size', 'Sha256', 'Type', 'UploadedAt']) delete rest[`attachment${column}`]
  const uploaded = uploadedCoverFile(coverPath, coverName)
  const cover: ArticleCover | null =
    typeof coverPath === 'string' && typeof coverName === 'string' && coverName
      ? { filePath: coverPath, fileName: coverName, url: uploaded ? `${MEDIA_URL_PREFIX}/${uploaded}` : null }
      : null
  if (!spec.attachment) return { ...rest, cover }
  // The key stays in the record (and so in its revisions), as a report's does; the contract's answer leaves it out.
  const file: StoredFileRecord | null = fileOf(row as Row, 'attachment') ?? null
  return { ...rest, cover, file }
}

/** Sets (or clears, with null) the cover: an uploaded image's <sha256>.<ext>. */
export async function setCover(sequelize: Sequelize, spec: ArticleKind, id: string, file: string | null, transaction: Transaction) {
  await sequelize.query(`UPDATE ${spec.table} SET file_path = $2, file_name = $3 WHERE id = $1::bigint`, {
    bind: [id, file ? COVER_PATH : null, file],
    transaction,
  })
}

/** Records a bulletin's uploaded file. */
export async function setAttachment(sequelize: Sequelize, spec: ArticleKind, id: string, file: FileInput, transaction: Transaction) {
  await sequelize.query(
    `UPDATE ${spec.table} SET attachment_key = $2, attachment_name = $3, attachment_size = $4, attachment_sha256 = $5,
       attachment_type = $6, attachment_uploaded_at = now() WHERE id = $1::bigint`,
    { bind: [id, file.key, file.name, file.size, file.sha256, file.type], transaction },
  )
}
