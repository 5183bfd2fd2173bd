// Remembers an async answer per key for a short time. Dictionaries and
// configuration are read on every list request: a query per second costs
// nothing, a query per request does. Staff edit them, so the time
// is short (CORE_SETTINGS_MEMO_MS) and the BFFs purge again after it.
interface Entry<V> {
  expires: number
  value: Promise<V>
  /** The next value is being loaded beside this one */
  renewing?: boolean
}

/** The share of a value's time left when its next one is loaded */
const RENEW_LEFT = 3 / 4

export class TtlMemo<V> {
  private readonly entries = new Map<string, Entry<V>>()

  constructor(private readonly ttlMs: number) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && hit.expires > now) {
      // A quarter into its time, the next value is loaded beside it: readers do not wait for the
      // database at expiry (it has three quarters to come, behind an import's batch on the
      // embedded database), and no value is kept longer than ttlMs from the start of its load.
      if (!hit.renewing && hit.expires - now < this.ttlMs * RENEW_LEFT) this.renew(key, hit, load, now)
      return hit.value
    }
    const value = load()
    this.entries.set(key, { expires: now + this.ttlMs, value })
    // A failed load must not be remembered.
    value.catch(() => this.entries.delete(key))
    return value
  }

  private renew(key: string, hit: Entry<V>, load: () => Promise<V>, started: number): void {
    hit.renewing = true
    const value = load()
    value.then(
      () => {
        // Unless cleared or replaced meanwhile.
        if (this.entries.get(key) === hit) this.entries.set(key, { expires: started + this.ttlMs, value })
      },
      () => {
        hit.renewing = false
      },
    )
  }

  clear(): void {
    this.entries.clear()
  }
}
