// A link's screen is fetched when the visitor shows intent (the pointer
// over it, focus, a touch), so the chunk and its imports have usually
// arrived by the click. main.tsx registers how a path finds its screen (the
// route table and app/screens.ts); links only know their href, and stay
// independent of the route table.

type Preloader = (href: string) => void

let preloader: Preloader | undefined
const asked = new Set<string>()

export function setScreenPreloader(next: Preloader): void {
  preloader = next
}

/** Starts loading the screen an in-site href shows; each href once. */
export function preloadScreenFor(href: string): void {
  if (!preloader || asked.has(href) || !href.startsWith('/')) return
  asked.add(href)
  try {
    preloader(href)
  } catch {
    // A preload is a hint: a path no screen matches simply loads on click.
  }
}
