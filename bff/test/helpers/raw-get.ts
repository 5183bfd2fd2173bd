import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http'

export interface RawAnswer {
  status: number
  headers: IncomingHttpHeaders
  bytes: Buffer
}

/** A GET over a real connection, bytes as they came: no decompression, and nothing added to the request but what is given. */
export function rawGet(url: string, headers: OutgoingHttpHeaders = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }))
    })
      .on('error', reject)
      .end()
  })
}
