import { Type } from 'typebox'
import { ErrorEnvelope } from '../envelope.ts'
import { ImageUploadQuery, ListImagesQuery, MediaImageParams, MediaImagePage, UploadedImage } from '../staff-media.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

export const staffMediaRoutes = defineRoutes(CALLS.staffMedia, ['Staff: media'], {
  uploadImage: {
    operationId: 'uploadImage',
    permission: 'media.write',
    summary: 'Uploads an image for rich text or a carousel slide (PNG, JPEG, WebP or GIF, up to 10 MB) as the raw request body',
    description:
      'Its type is found from its bytes (300114 otherwise); it is stored under its SHA-256, so the same image twice is one file, and its url is public and cached for good.',
    querystring: ImageUploadQuery,
    data: UploadedImage,
  },
  listImages: {
    operationId: 'listImages',
    permission: 'media.read',
    summary: 'The media library: the images uploaded, newest first, paged, found by words of their name',
    description: 'Each image once, under the name and uploader of its first upload (the same bytes again are the same image).',
    querystring: ListImagesQuery,
    data: MediaImagePage,
  },
})

const image = { 'image/*': { schema: Type.String({ format: 'binary' }) } }

export const mediaRoutes = defineRoutes(CALLS.media, ['Media'], {
  image: {
    summary: 'An uploaded image (rich text, carousel slides), public and immutable',
    description: 'Named by its SHA-256, so it is answered with a year-long immutable Cache-Control; an unknown one answers 404.',
    params: MediaImageParams,
    response: { 200: { description: 'The image', content: image }, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
  },
})
