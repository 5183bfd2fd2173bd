// A simple field-by-field comparison of two saves of a record (a report, a bulletin, a news item): each leaf
// value by its path (editions.en-US.prices.single), listed when they differ.

export interface FieldChange {
  path: string
  before: string
  after: string
}

const IGNORED = new Set(['version', 'updatedAt', 'updatedBy'])

const leaf = (value: unknown): string =>
  value === undefined || value === null
    ? ''
    : typeof value === 'string'
      ? value
      : Array.isArray(value)
        ? value.join(', ')
        : JSON.stringify(value)

function flatten(value: unknown, prefix: string, out: Map<string, string>) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (!prefix && IGNORED.has(key)) continue
      flatten(child, prefix ? `${prefix}.${key}` : key, out)
    }
    return
  }
  out.set(prefix, leaf(value))
}

export function diffRecords(before: unknown, after: unknown): FieldChange[] {
  const a = new Map<string, string>()
  const b = new Map<string, string>()
  flatten(before ?? {}, '', a)
  flatten(after ?? {}, '', b)
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort()
  return paths
    .filter((path) => (a.get(path) ?? '') !== (b.get(path) ?? ''))
    .map((path) => ({ path, before: a.get(path) ?? '', after: b.get(path) ?? '' }))
}
