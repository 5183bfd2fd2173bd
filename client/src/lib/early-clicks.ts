/**
 * Clicks on a server-rendered page's buttons between the entry script's start
 * and hydrateRoot (while the screen's chunk and the messages load): React
 * listens from hydrateRoot on, so such a click would do nothing, the buyer's
 * "Buy" among them. They are kept here and clicked again once the screen has
 * hydrated (app/provider.tsx): not at the shell's commit, when the screen's
 * Suspense boundary may still hold the server's markup, where React drops a
 * click it cannot hydrate for at once. From hydrateRoot on, React replays
 * what it gets itself.
 *
 * Buttons only: a link's click keeps its default (a full page load, which
 * the server renders), and a form's fields wait for hydration (FormBody).
 */
let held: HTMLButtonElement[] | null = null
let holder: { root: HTMLElement; listener: (event: MouseEvent) => void } | null = null

export function holdEarlyClicks(root: HTMLElement): void {
  if (holder) return
  held = []
  const listener = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null
    if (!button || !root.contains(button) || button.disabled || held?.includes(button)) return
    // A form's submit button submits it natively meanwhile: clicking it again would send it twice.
    if (button.form && button.type === 'submit') return
    held?.push(button)
  }
  root.addEventListener('click', listener, true)
  holder = { root, listener }
}

/** Called just before hydrateRoot: React hears every click after it. */
export function stopHoldingClicks(): void {
  if (!holder) return
  holder.root.removeEventListener('click', holder.listener, true)
  holder = null
}

/** The held clicks, once each, on the buttons still on the page and usable. */
export function replayEarlyClicks(): void {
  stopHoldingClicks()
  const buttons = held ?? []
  held = null
  for (const button of buttons) if (button.isConnected && !button.disabled) button.click()
}
