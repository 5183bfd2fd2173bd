/** Removes top-level fields whose value is "" or null, which legacy clients send for "not set". */
export function dropBlankFields(input: unknown): void {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return
  const record = input as Record<string, unknown>
  for (const key of Object.keys(record)) {
    const value = record[key]
    if (value === null || (typeof value === 'string' && value.trim() === '')) delete record[key]
  }
}

/**
 * The first top-level field holding a non-finite number. Schema coercion
 * turns strings such as "1e309" into Infinity, which then passes range checks.
 */
export function nonFiniteField(input: unknown): string | undefined {
  if (!input || typeof input !== 'object') return undefined
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'number' && !Number.isFinite(value)) return key
  }
  return undefined
}

/**
 * The top-level fields of a request part that its schema does not declare.
 * They are ignored (Ajv removes them), as the legacy backend ignored them:
 * its clients echo back whole records and add cache-busting parameters.
 */
export function unknownFields(input: unknown, schema: unknown): string[] {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return []
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties
  if (!properties) return []
  return Object.keys(input).filter((key) => !(key in properties))
}
