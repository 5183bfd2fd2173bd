// Remembers an async answer per key for a short time. Dictionaries and
// configuration change rarely and are read on every list request; a few
// seconds of staleness costs nothing, a query per request does.
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
