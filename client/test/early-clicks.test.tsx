import { act, waitFor } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { holdEarlyClicks, replayEarlyClicks, stopHoldingClicks } from '../src/lib/early-clicks'

function Page({ onBuy, onSample }: { onBuy: () => void; onSample: () => void }) {
  return (
    <div>
      <button type="button" onClick={onBuy}>
        Buy
      </button>
      <button type="button" onClick={onSample} disabled>
        Sample
      </button>
    </div>
  )
}

const noop = () => {}
let root: Root | undefined
let container: HTMLElement | undefined

afterEach(() => {
  stopHoldingClicks()
  if (root) act(() => root!.unmount())
  container?.remove()
  root = undefined
})

function serverPage(): HTMLElement {
  container = document.createElement('div')
  container.innerHTML = renderToString(<Page onBuy={noop} onSample={noop} />)
  document.body.appendChild(container)
  return container
}

const button = (within: HTMLElement, name: string) => [...within.querySelectorAll('button')].find((b) => b.textContent === name)!

describe('clicks before hydration', () => {
  it('are clicked again, once each, when the page has hydrated', async () => {
    const page = serverPage()
    holdEarlyClicks(page)
    // Twice before the scripts are there: the buyer meant one purchase.
    button(page, 'Buy').click()
    button(page, 'Buy').click()
    // A disabled button's click is nothing to replay.
    button(page, 'Sample').dispatchEvent(new MouseEvent('click', { bubbles: true }))
    let bought = 0
    let sampled = 0
    stopHoldingClicks()
    root = await act(async () => hydrateRoot(page, <Page onBuy={() => (bought += 1)} onSample={() => (sampled += 1)} />))
    // Nothing yet: the screen's hydration end replays them (app/provider.tsx).
    expect(bought).toBe(0)
    act(() => replayEarlyClicks())
    await waitFor(() => expect(bought).toBe(1))
    expect(sampled).toBe(0)
    // From hydration on, React answers clicks itself: nothing is replayed twice.
    act(() => button(page, 'Buy').click())
    expect(bought).toBe(2)
  })

  it('are not held once hydration has begun, so React alone answers them', async () => {
    const page = serverPage()
    holdEarlyClicks(page)
    stopHoldingClicks()
    button(page, 'Buy').click()
    let bought = 0
    root = await act(async () => hydrateRoot(page, <Page onBuy={() => (bought += 1)} onSample={noop} />))
    act(() => replayEarlyClicks())
    // The click came before React listened and after the holder stopped: no one replays it.
    expect(bought).toBe(0)
  })
})
