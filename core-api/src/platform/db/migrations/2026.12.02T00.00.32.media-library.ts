import { sqlMigration } from '../sql-migration.ts'

// The media library: one row per image uploaded through uploadImage (the
// file store holds each under its SHA-256, so the same bytes twice are one
// image), with the name, uploader and time of its first upload. Images
// uploaded before the table existed are taken from their audit rows
// (media.upload, whose `after` holds the key, size, type, checksum and
// name), the earliest of each checksum.
const up = `
CREATE TABLE media_image (
  sha256 char(64) PRIMARY KEY,
  file_key varchar(200) NOT NULL,
  type varchar(100) NOT NULL,
  size bigint NOT NULL,
  name varchar(200),
  uploaded_by varchar(64) NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX media_image_uploaded_at ON media_image (uploaded_at DESC, sha256);
INSERT INTO media_image (sha256, file_key, type, size, name, uploaded_by, uploaded_at)
SELECT DISTINCT ON (after->>'sha256')
       after->>'sha256', after->>'key', after->>'type', (after->>'size')::bigint, left(after->>'name', 200), actor, at
  FROM staff_audit
 WHERE action = 'media.upload'
   AND after->>'sha256' ~ '^[0-9a-f]{64}$'
   AND after->>'key' IS NOT NULL AND after->>'type' IS NOT NULL AND after->>'size' ~ '^[0-9]{1,15}$'
 ORDER BY after->>'sha256', at, id;`

const down = `
DROP TABLE IF EXISTS media_image;`

export const mediaLibrary = sqlMigration('2026.12.02T00.00.32.media-library', up, down, { upInTransaction: true })
