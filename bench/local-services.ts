/** Until `url` answers 2xx: a started service is ready (seeding a large catalogue takes minutes). */
export async function waitFor(url: string, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      /* not yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error(`${url} did not answer`)
}
