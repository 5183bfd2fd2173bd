import path from 'node:path'
import type { Config } from '../config.ts'
import { LocalFileStore, type FileStore } from './file-store.ts'

// Chooses the file store at boot, apart from the stores themselves so that
// neither store imports the other.

export type FileStoreConfig = Pick<
  Config,
  'DATA_DIR' | 'FILE_STORE' | 'S3_ENDPOINT' | 'S3_TIMEOUT_MS' | 'AWS_REGION' | 'AWS_ACCESS_KEY_ID' | 'AWS_SECRET_ACCESS_KEY'
>

/** The store FILE_STORE names: the local folder by default, else the S3 bucket and prefix. */
export async function createFileStore(config: FileStoreConfig): Promise<FileStore> {
  if (!config.FILE_STORE) return new LocalFileStore(path.join(config.DATA_DIR, 'files'))
  // Loaded only for a bucket: the AWS SDK adds some 25 MB to the process's memory.
  const { S3FileStore, s3FileStoreOptions } = await import('./s3-file-store.ts')
  return new S3FileStore(s3FileStoreOptions(config))
}
