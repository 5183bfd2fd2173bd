/**
 * An asynchronous value made by its first use and shared by every later one,
 * for modules that cost memory at import and that many processes never use.
 * A failed load is not kept: the next use tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
}
