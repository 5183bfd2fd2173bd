import type { CarouselSlide } from '@rpt/contract'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { LocalLink } from '../../../components/local-link'
import { Skeleton } from '../../../components/skeleton'
import { useT } from '../../../lib/use-t'

/** Never faster than 6 s, per the visual direction. */
export const SLIDE_INTERVAL_MS = 7000

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'
const canQuery = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function'
const prefersReducedMotion = () => canQuery() && window.matchMedia(REDUCED_MOTION).matches
const onMotionPreference = (changed: () => void) => {
  if (!canQuery()) return () => {}
  const query = window.matchMedia(REDUCED_MOTION)
  query.addEventListener('change', changed)
  return () => query.removeEventListener('change', changed)
}
// The server cannot know the preference: it renders (and hydration matches) a moving carousel.
const serverPrefersReducedMotion = () => false

export function Carousel({ slides }: { slides: CarouselSlide[] | undefined }) {
  const t = useT()
  const [index, setIndexState] = useState(0)
  // The first slide is the server's: it appears with the page, not with a fade
  // (a fade would also hold back the page's Largest Contentful Paint).
  const [moved, setMoved] = useState(false)
  const setIndex = (next: (i: number) => number) => {
    setMoved(true)
    setIndexState(next)
  }
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const reducedMotion = useSyncExternalStore(onMotionPreference, prefersReducedMotion, serverPrefersReducedMotion)
  // The play/pause button overrides the preference once pressed.
  const [chosen, setChosen] = useState<'stopped' | 'playing' | null>(null)
  const stopped = chosen ? chosen === 'stopped' : reducedMotion
  const count = slides?.length ?? 0
  const paused = hovered || focused || stopped

  useEffect(() => {
    if (paused || count < 2) return
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), SLIDE_INTERVAL_MS)
    return () => window.clearTimeout(timer)
  }, [paused, count, index])

  if (!slides) return <Skeleton height={280} className="carousel-skeleton" />
  if (count === 0) return null
  const current = slides[index % count] as CarouselSlide

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={t('home.carousel')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false)
      }}
    >
      <div
        className={moved ? 'slide slide-enter' : 'slide'}
        key={current.id}
        role="group"
        aria-roledescription="slide"
        aria-label={t('home.slide', { index: (index % count) + 1, total: count })}
        style={{ backgroundColor: current.color }}
      >
        {/* A slide staff gave an image shows it behind the text (which carries the meaning: the image is decoration), the colour under it while it loads. */}
        {current.imageUrl && (
          <img className="slide-image" src={current.imageUrl} alt="" decoding="async" fetchPriority={moved ? 'auto' : 'high'} />
        )}
        <div className="slide-inner">
          <p className="slide-kicker">{t('home.carousel')}</p>
          <h2 className="slide-title">{current.title}</h2>
          <p className="slide-subtitle">{current.desc}</p>
          {/* The slide's title completes the link's words for a screen reader and a search engine: "Learn more" alone says nothing. */}
          <LocalLink to={current.linkUrl} raw className="button button-primary">
            {t('home.learnMore')}
            <span className="visually-hidden">{t('home.learnMoreAbout', { title: current.title })}</span>
          </LocalLink>
        </div>
        {!current.imageUrl && (
          <svg className="slide-art" viewBox="0 0 320 200" aria-hidden="true">
            {[40, 70, 55, 95, 80, 120, 110, 150].map((h, i) => (
              <rect key={i} x={20 + i * 36} y={180 - h} width="22" height={h} fill="rgb(255 255 255 / 0.12)" />
            ))}
            <polyline
              points="31,150 67,125 103,135 139,100 175,110 211,75 247,82 283,45"
              fill="none"
              stroke="rgb(255 255 255 / 0.45)"
              strokeWidth="2"
            />
          </svg>
        )}
      </div>
      {count > 1 && (
        <div className="carousel-controls">
          <button
            type="button"
            className="carousel-arrow"
            aria-label={t('home.prevSlide')}
            onClick={() => setIndex((i) => (i - 1 + count) % count)}
          >
            ‹
          </button>
          <div className="carousel-dots">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                className={`dot${i === index % count ? ' is-active' : ''}`}
                aria-label={t('home.slide', { index: i + 1, total: count })}
                aria-current={i === index % count ? 'true' : undefined}
                onClick={() => setIndex(() => i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="carousel-arrow"
            aria-label={t('home.nextSlide')}
            onClick={() => setIndex((i) => (i + 1) % count)}
          >
            ›
          </button>
          {/* Both labels take the same cell, the current one visible: the button keeps its width when a
              reduced-motion preference, read after hydration, stops the carousel. */}
          <button type="button" className="carousel-toggle" onClick={() => setChosen(stopped ? 'playing' : 'stopped')}>
            <span className={stopped ? undefined : 'is-off'}>{t('home.play')}</span>
            <span className={stopped ? 'is-off' : undefined}>{t('home.pause')}</span>
          </button>
        </div>
      )}
    </section>
  )
}
