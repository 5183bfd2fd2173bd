import { staffUpload, STAFF_API_BASE } from '../../../lib/staff-api-client'

// Images of rich text go to the file store through the media call
// (PUT /staff-api/media/images?name=…, raw body) and are linked by the URL it answers.

export const uploadImage = (file: File): Promise<{ url: string }> =>
  staffUpload<{ url: string }>(`${STAFF_API_BASE}/media/images`, { name: file.name }, file)
