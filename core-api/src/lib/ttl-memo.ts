// Remembers an async answer per key for a short time. Dictionaries and
// configuration are read on every list request: a query per second costs
// nothing, a query per request does. Staff edit them (issue 34), so the time
// is short (CORE_SETTINGS_MEMO_MS) and the BFFs purge again after it.
export class TtlMemo<V> {
  private readonly entries = new Map<string, { expires: number; value: Promise<V> }>()

  constructor(private readonly ttlMs: number) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && hit.expires > now) return hit.value
    const value = load()
    this.entries.set(key, { expires: now + this.ttlMs, value })
    // A failed load must not be remembered.
    value.catch(() => this.entries.delete(key))
    return value
  }

  clear(): void {
    this.entries.clear()
  }
}
