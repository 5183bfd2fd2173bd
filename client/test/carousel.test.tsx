import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Carousel, SLIDE_INTERVAL_MS } from '../src/features/home/components/carousel'
import { renderAt } from './render'

const slides = [
  { id: '1', name: 'First', title: 'First', desc: 'a', linkUrl: '/report-industries/energy', color: '#123', sort: 1 },
  { id: '2', name: 'Second', title: 'Second', desc: 'b', linkUrl: '/market', color: '#456', sort: 2 },
]

const mediaQuery = (matches: boolean) =>
  vi.fn().mockReturnValue({ matches, addEventListener: vi.fn(), removeEventListener: vi.fn() }) as unknown as typeof window.matchMedia

beforeEach(() => {
  vi.useFakeTimers()
  window.matchMedia = mediaQuery(false)
})
afterEach(() => {
  vi.useRealTimers()
})

describe('home carousel', () => {
  it('advances no faster than every 6 s', () => {
    expect(SLIDE_INTERVAL_MS).toBeGreaterThanOrEqual(6000)
    renderAt(<Carousel slides={slides} />)
    expect(screen.getByRole('heading', { name: 'First' })).toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(5999)
    })
    expect(screen.getByRole('heading', { name: 'First' })).toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(SLIDE_INTERVAL_MS)
    })
    expect(screen.getByRole('heading', { name: 'Second' })).toBeInTheDocument()
  })

  it('pauses while hovered', () => {
    renderAt(<Carousel slides={slides} />)
    fireEvent.mouseEnter(screen.getByRole('region', { name: '重点研究' }))
    act(() => {
      vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3)
    })
    expect(screen.getByRole('heading', { name: 'First' })).toBeInTheDocument()
  })

  it('does not auto-advance when the user prefers reduced motion', () => {
    window.matchMedia = mediaQuery(true)
    renderAt(<Carousel slides={slides} />)
    act(() => {
      vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3)
    })
    expect(screen.getByRole('heading', { name: 'First' })).toBeInTheDocument()
  })

  it("shows a slide's image when staff gave it one, and the painted art otherwise", () => {
    const imageUrl = `/api/media/images/${'a'.repeat(64)}.png`
    const { container } = renderAt(<Carousel slides={[{ ...slides[0]!, imageUrl }, slides[1]!]} />)
    const image = container.querySelector('img.slide-image')
    expect(image).toHaveAttribute('src', imageUrl)
    expect(image).toHaveAttribute('alt', '')
    expect(container.querySelector('.slide-art')).toBeNull()
    act(() => {
      vi.advanceTimersByTime(SLIDE_INTERVAL_MS)
    })
    expect(container.querySelector('img.slide-image')).toBeNull()
    expect(container.querySelector('.slide-art')).not.toBeNull()
  })
})
