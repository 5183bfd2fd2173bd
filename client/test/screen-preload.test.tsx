import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHUNK_RELOAD_KEY, lazyScreen } from '../src/app/lazy-screen'
import { LocalLink } from '../src/components/local-link'
import { preloadScreenFor, setScreenPreloader } from '../src/lib/screen-preload'
import { renderAt } from './render'

describe("a link's screen, fetched on the visitor's intent", () => {
  afterEach(() => setScreenPreloader(() => {}))

  it('asks for the screen of its href on pointer, focus and touch, each href once', () => {
    const asked = vi.fn()
    setScreenPreloader(asked)
    renderAt(
      <>
        <LocalLink to="/report-industries">reports</LocalLink>
        <LocalLink to="/bulletin" onFocus={() => asked('own handler')}>
          bulletins
        </LocalLink>
      </>,
    )
    fireEvent.pointerEnter(screen.getByText('reports'))
    fireEvent.touchStart(screen.getByText('reports'))
    fireEvent.focus(screen.getByText('bulletins'))
    expect(asked.mock.calls).toEqual([['/report-industries'], ['/bulletin'], ['own handler']])
  })

  it('ignores hrefs off the site and preloaders that throw', () => {
    setScreenPreloader(() => {
      throw new Error('no screen')
    })
    expect(() => preloadScreenFor('/no-such-screen')).not.toThrow()
    const asked = vi.fn()
    setScreenPreloader(asked)
    preloadScreenFor('https://example.com/x')
    expect(asked).not.toHaveBeenCalled()
  })

  it('a failed prefetch is no reload, and the next load tries again', async () => {
    sessionStorage.removeItem(CHUNK_RELOAD_KEY)
    const Screen = () => <p>loaded</p>
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Screen })
    const LazyScreen = lazyScreen(load)
    LazyScreen.prefetch()
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull()
    await LazyScreen.preload()
    expect(load).toHaveBeenCalledTimes(2)
    render(<LazyScreen />)
    expect(screen.getByText('loaded')).toBeTruthy()
  })
})
