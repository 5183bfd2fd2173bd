// Upload limits: a report's file (PDF or Word) up to 500 MiB,
// streamed to the file store; an image of rich text or a slide up to 10 MiB.
// Each is the route's own bodyLimit; the receiver enforces it while it counts.

export const MAX_UPLOAD_BYTES = 500 * 1024 * 1024
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024

/** The first bytes kept to find the type: enough for a .docx's [Content_Types].xml and first entries. */
export const SAMPLE_BYTES = 256 * 1024

/** "500 MB", "10 MB": a limit as its refusal names it. */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024)
  return Number.isInteger(mb) ? `${mb} MB` : `${Math.ceil(bytes / 1024)} KB`
}
