// An S3-compatible store for FILE_STORE: s3rver on loopback, files under a
// temporary folder, one bucket; and a client to read what the product stored.
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'

export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
export const S3_REGION = 'us-east-1'

export class S3Store {
  private constructor(
    private readonly server: S3rver,
    readonly endpoint: string,
    readonly bucket: string,
    readonly client: S3Client,
  ) {}

  static async start(directory: string, bucket: string): Promise<S3Store> {
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
    const address = await server.run()
    const endpoint = `http://127.0.0.1:${address.port}`
    const client = new S3Client({ endpoint, region: S3_REGION, credentials: S3_CREDENTIALS, forcePathStyle: true })
    return new S3Store(server, endpoint, bucket, client)
  }

  async keys(prefix = ''): Promise<string[]> {
    const keys: string[] = []
    let token: string | undefined
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix || undefined, ContinuationToken: token }),
      )
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key)
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return keys
  }

  async get(key: string): Promise<Buffer> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))
    return Buffer.from(await answer.Body!.transformToByteArray())
  }

  async stop(): Promise<void> {
    this.client.destroy()
    // The core APIs' keep-alive connections would hold close() open.
    this.server.httpServer?.closeAllConnections()
    await this.server.close()
  }
}
