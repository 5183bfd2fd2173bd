import type { Sequelize } from 'sequelize'
import type { ListImagesQuery, MediaImagePage } from '@rpt/contract'
import { Conditions, escapeLike, selectRows } from '../../../platform/lib/sql.ts'
import { MEDIA_URL_PREFIX } from './media-store.ts'

// The media library as editors browse it: newest first, found by words of
// the name an image was first uploaded under.

interface Row {
  sha256: string
  fileKey: string
  type: string
  size: string
  name: string | null
  uploadedBy: string
  uploadedAt: Date | string
}

export async function listImages(sequelize: Sequelize, query: ListImagesQuery): Promise<MediaImagePage> {
  const pageNo = query.pageNo ?? 1
  const pageSize = query.pageSize ?? 10
  const c = new Conditions()
  const q = query.q?.trim().toLowerCase()
  if (q) c.add(`lower(name) LIKE ?`, `%${escapeLike(q)}%`)
  const [count] = await selectRows<{ n: string }>(sequelize, `SELECT count(*) AS n FROM media_image ${c.where}`, [...c.params])
  const rows = await selectRows<Row>(
    sequelize,
    `SELECT sha256, file_key AS "fileKey", type, size, name, uploaded_by AS "uploadedBy", uploaded_at AS "uploadedAt"
       FROM media_image ${c.where}
      ORDER BY uploaded_at DESC, sha256 LIMIT ${c.bind(pageSize)} OFFSET ${c.bind((pageNo - 1) * pageSize)}`,
    c.params,
  )
  return {
    list: rows.map((row) => {
      const file = row.fileKey.slice(row.fileKey.lastIndexOf('/') + 1)
      return {
        url: `${MEDIA_URL_PREFIX}/${file}`,
        sha256: row.sha256,
        name: row.name ?? file,
        size: Number(row.size),
        type: row.type,
        uploadedAt: new Date(row.uploadedAt).toISOString(),
        uploadedBy: row.uploadedBy,
      }
    }),
    count: Number(count?.n ?? 0),
    pageNo,
    pageSize,
  }
}
