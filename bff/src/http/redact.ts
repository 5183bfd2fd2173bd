/** Signed download links carry their secret in the path; the log keeps only its first characters. */
export function redactUrl(url: string): string {
  return url.replace(/(\/download\/)([A-Za-z0-9_-]{6})[A-Za-z0-9_-]*/g, '$1$2…')
}
