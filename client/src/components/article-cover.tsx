// A bulletin's or news article's cover image, from the legacy fields every
// public answer carries. This site shows only the covers staff uploaded in
// the console: filePath 'media/images/' and fileName '<sha256>.<ext>', an image
// the BFF serves under /api/media/images/. Any other value (a path of the
// earlier site, which its own clients resolve) names nothing served here, and
// a value of neither shape is never put into an address.

const UPLOADED_PATH = 'media/images/'
const UPLOADED_NAME = /^[0-9a-f]{64}\.(?:png|jpg|webp)$/

/** Where the cover is shown, or undefined for an article without an uploaded one. */
export function articleCoverUrl(filePath: string | null | undefined, fileName: string | null | undefined): string | undefined {
  return filePath === UPLOADED_PATH && fileName && UPLOADED_NAME.test(fileName) ? `/api/media/images/${fileName}` : undefined
}

/** The cover above an article's text; nothing without one. Decorative: the title beside it says what it is. */
export function ArticleCover({ filePath, fileName }: { filePath: string | null | undefined; fileName: string | null | undefined }) {
  const url = articleCoverUrl(filePath, fileName)
  return url ? <img className="article-cover" src={url} alt="" decoding="async" /> : null
}
