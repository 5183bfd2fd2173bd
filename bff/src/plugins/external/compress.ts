import { constants } from 'node:zlib'
import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { BROTLI_QUALITY, BROTLI_STREAM_WINDOW_BITS, COMPRESS_THRESHOLD_BYTES } from '../../lib/encoded-body.ts'

async function compressPlugin(app: FastifyInstance) {
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_LGWIN]: BROTLI_STREAM_WINDOW_BITS },
    },
  })
}

export default fp(compressPlugin, { name: 'compress' })
