import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DeferredHydrationContext, deferredPart, holdDeferredParts, releaseDeferredParts } from '../src/lib/deferred-part'

describe('a part deferred below the fold', () => {
  it('renders once its chunk has loaded, and tells the app it waited and then hydrated', async () => {
    const events: string[] = []
    const Part = deferredPart(async () => ({ default: () => <p>below the fold</p> }))
    render(
      <DeferredHydrationContext.Provider value={{ waiting: () => events.push('waiting'), hydrated: () => events.push('hydrated') }}>
        <p>above</p>
        <Part />
      </DeferredHydrationContext.Provider>,
    )
    expect(await screen.findByText('below the fold')).toBeTruthy()
    expect(events).toEqual(['waiting', 'hydrated'])
  })

  it('waits while the app holds the parts, and loads them when it lets them go', async () => {
    holdDeferredParts()
    let loads = 0
    const Part = deferredPart(async () => {
      loads += 1
      return { default: () => <p>held part</p> }
    })
    render(<Part />)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(loads).toBe(0)
    expect(screen.queryByText('held part')).toBeNull()
    releaseDeferredParts()
    expect(await screen.findByText('held part')).toBeTruthy()
    expect(loads).toBe(1)
  })

  it('leaves the part out when its chunk cannot be loaded, and the page around it stands', async () => {
    const hydrated: string[] = []
    const Part = deferredPart(() => Promise.reject(new Error('Failed to fetch dynamically imported module')))
    render(
      <DeferredHydrationContext.Provider value={{ waiting: () => {}, hydrated: () => hydrated.push('part') }}>
        <p>the page</p>
        <Part />
      </DeferredHydrationContext.Provider>,
    )
    // The app is not left waiting for it.
    await waitFor(() => expect(hydrated).toEqual(['part']))
    expect(screen.getByText('the page')).toBeTruthy()
  })
})
