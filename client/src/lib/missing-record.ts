// Whether a failed load means the record is not there (not found), rather than
// that loading it failed: the first shows "not found", the second a retry.

const MISSING_CODES = [100005, 404]

export function isMissingRecord(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code
  return typeof code === 'number' && MISSING_CODES.includes(code)
}
