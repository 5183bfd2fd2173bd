import type { ListImagesQuery, MediaImage, MediaImagePage } from '@rpt/contract'
import { STAFF_CALLS } from '@rpt/contract/staff-calls'
import useSWR from 'swr'
import { staffCall, staffUpload, STAFF_API_BASE } from '../../../lib/staff-api-client'

// Images of rich text go to the file store through the media call
// (PUT /staff-api/media/images?name=…, raw body) and are linked by the URL it answers;
// the media library (listImages) lists those already uploaded, to reuse one.

export type { MediaImage }
export type ListImagesInput = Omit<ListImagesQuery, 'lang'>

export const uploadImage = (file: File): Promise<{ url: string }> =>
  staffUpload<{ url: string }>(`${STAFF_API_BASE}/media/images`, { name: file.name }, file)

export const listImages = (input: ListImagesInput) =>
  staffCall<typeof STAFF_CALLS.staffMedia.listImages.path, MediaImagePage>(STAFF_CALLS.staffMedia.listImages, undefined, input, {
    silent: true,
  })

/** The library's page of `input`; nothing is asked while `enabled` is false (a dialog not open). */
export function useImages(input: ListImagesInput, enabled = true) {
  return useSWR<MediaImagePage, Error>(enabled ? ['staff/media', JSON.stringify(input)] : null, () => listImages(input), {
    keepPreviousData: true,
  })
}
