import type { TObject } from 'typebox'

/**
 * Legacy clients send "" or null for fields they leave unset, and fields or
 * parameters a call does not take (cache busters, echoed records). The first
 * mean absent; the second are ignored, as the core API ignores them, and so
 * kept out of cache keys, where they would mint entries.
 */
export function keepKnown(value: unknown, input: TObject): void {
  if (!value || typeof value !== 'object') return
  const record = value as Record<string, unknown>
  for (const key of Object.keys(record)) {
    if (record[key] === '' || record[key] === null || !(key in input.properties)) delete record[key]
  }
}
