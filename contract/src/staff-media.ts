import { Type, type Static } from 'typebox'
import { Page } from './envelope.ts'
import { LangField, StaffListQuery } from './fields.ts'

// Images of the staff API: pictures in rich text and carousel
// slides, uploaded as the raw request body and stored under their SHA-256,
// so that their public URL always names the same bytes and is cached for good.

export const ImageUploadQuery = Type.Object(
  {
    lang: LangField,
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The file name the editor picked, for the audit' })),
  },
  { additionalProperties: false },
)
export type ImageUploadQuery = Static<typeof ImageUploadQuery>

export const UploadedImage = Type.Object({
  url: Type.String({ description: 'The site path pages show it at (/api/media/images/<sha256>.<ext>)' }),
  key: Type.String({ description: 'Its key in the file store' }),
  size: Type.Integer(),
  sha256: Type.String(),
  type: Type.String({ description: 'The media type found from the bytes' }),
})
export type UploadedImage = Static<typeof UploadedImage>

export const MediaImageParams = Type.Object(
  { file: Type.String({ pattern: '^[0-9a-f]{64}\\.(png|jpg|webp|gif)$', description: '<sha256>.<ext> of an uploaded image' }) },
  { additionalProperties: false },
)
export type MediaImageParams = Static<typeof MediaImageParams>

// The media library: every image uploaded through uploadImage, newest first,
// so editors reuse one rather than upload it again.

export const ListImagesQuery = StaffListQuery({
  q: Type.Optional(Type.String({ maxLength: 100, description: 'Words of the name the image was uploaded under' })),
})
export type ListImagesQuery = Static<typeof ListImagesQuery>

export const MediaImage = Type.Object({
  url: Type.String({ description: 'The site path pages show it at (/api/media/images/<sha256>.<ext>)' }),
  sha256: Type.String(),
  name: Type.String({ description: 'The name it was first uploaded under (its file name when none was given)' }),
  size: Type.Integer(),
  type: Type.String({ description: 'The media type found from the bytes' }),
  uploadedAt: Type.String({ description: 'When it was first uploaded (ISO 8601)' }),
  uploadedBy: Type.String({ description: 'The staff member who first uploaded it' }),
})
export type MediaImage = Static<typeof MediaImage>

export const MediaImagePage = Page(MediaImage)
export type MediaImagePage = Static<typeof MediaImagePage>
