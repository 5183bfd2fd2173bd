import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { LocalLink } from '../../../components/local-link'
import { localizePath, otherLocale } from '../../../lib/locale'
import { openModal } from '../../../lib/modal-store'
import { useSessionUser } from '../../../lib/session'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { useMenuDict } from '../../../lib/menu-dict'
import { useSiteConfig } from '../api/get-site-config'
import { buildMenu, type MenuItem } from './menu'
import { SearchBar } from './search-bar'
import './header.css'

// Loaded when a visitor asks to log out (logout-dialog.tsx).
const LogoutDialog = lazy(() => import('./logout-dialog').then((m) => ({ default: m.LogoutDialog })))

interface Props {
  activeIndex: number
  hideLanguageSwitch: boolean
}

const STICKY_THRESHOLD = 40

export function Header({ activeIndex, hideLanguageSwitch }: Props) {
  const t = useT()
  const locale = useLocale()
  const [location] = useLocation()
  const user = useSessionUser()
  const [stuck, setStuck] = useState(false)
  // The drawer is open on one path: following one of its links closes it.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null)
  const drawerOpen = drawerOpenAt === location
  const setDrawerOpen = (open: boolean) => setDrawerOpenAt(open ? location : null)
  const [confirmLogout, setConfirmLogout] = useState(false)
  const drawerSearch = useRef<HTMLInputElement>(null)
  const menuButton = useRef<HTMLButtonElement>(null)
  const drawer = useRef<HTMLDivElement>(null)

  const reports = useMenuDict('reports_category', locale)
  const markets = useMenuDict('market_type', locale)
  const bulletinTypes = useMenuDict('bulletin_type', locale)
  const config = useSiteConfig(locale).data
  const hotline = locale === 'zh-CN' ? config?.['cn.contact.phone'] : config?.['en.contact.phone']

  // The spec reloads the menu on every path change; SWR dedupes bursts.
  const reloadMenu = useEffectEvent(() => {
    for (const dict of [reports, markets, bulletinTypes]) void dict.mutate()
  })
  useEffect(() => reloadMenu(), [location])

  useEffect(() => {
    const onScroll = () => setStuck(window.scrollY > STICKY_THRESHOLD)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  useEffect(() => {
    if (!drawerOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setDrawerOpenAt(null)
        menuButton.current?.focus()
        return
      }
      // Keep Tab inside the open drawer: it is a modal panel on phones.
      if (event.key !== 'Tab' || !drawer.current) return
      const items = Array.from(drawer.current.querySelectorAll<HTMLElement>('a[href], button, input, select'))
      const first = items[0]
      const last = items[items.length - 1]
      if (!first || !last) return
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    }
    document.body.style.overflow = 'hidden'
    window.addEventListener('keydown', onKey)
    return () => {
      document.body.style.overflow = ''
      window.removeEventListener('keydown', onKey)
    }
  }, [drawerOpen])

  const menu = buildMenu({ locale, t, reportCategories: reports.data, newsMarkets: markets.data, bulletinTypes: bulletinTypes.data })
  const chinese = locale === 'zh-CN'
  const other = otherLocale(locale)

  const account = user ? (
    <>
      <LocalLink to="/personalCenter/myInfo" className="account-name" title={t('header.account')}>
        <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
          <circle cx="10" cy="7" r="4" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M3 18c1-4 4-6 7-6s6 2 7 6" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        <span>{user.name || t('header.account')}</span>
      </LocalLink>
      <button type="button" className="link-button header-link" onClick={() => setConfirmLogout(true)}>
        {t('header.logout')}
      </button>
    </>
  ) : chinese ? (
    <>
      <button type="button" className="link-button header-link" onClick={() => openModal({ mode: 'login' })}>
        {t('header.login')}
      </button>
      <span className="header-sep" aria-hidden="true">
        |
      </span>
      <button type="button" className="link-button header-link" onClick={() => openModal({ mode: 'register' })}>
        {t('header.register')}
      </button>
    </>
  ) : null

  const languageSwitch = hideLanguageSwitch ? null : (
    <a
      className="header-link lang-switch"
      href={localizePath(other, '/')}
      hrefLang={other}
      lang={other}
      aria-label={t('header.switchToLabel')}
    >
      <svg width="14" height="14" viewBox="0 0 20 20" aria-hidden="true">
        <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M2 10h16M10 2c2.5 2.5 2.5 13.5 0 16M10 2c-2.5 2.5-2.5 13.5 0 16" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
      {t('header.switchTo')}
    </a>
  )

  return (
    <header className={`site-header${stuck ? ' is-stuck' : ''}`}>
      <div className="header-main">
        <div className="container header-row">
          <LocalLink to="/" className="brand" aria-label={t('site.name')}>
            <span className="brand-mark" aria-hidden="true">
              <svg width="28" height="28" viewBox="0 0 32 32">
                <rect width="32" height="32" rx="4" fill="#fff" />
                <path d="M9 8v16M23 8v16M9 16h14" stroke="#0f2744" strokeWidth="3" />
              </svg>
            </span>
            <span className="brand-text">
              <span className="brand-name">{t('site.name')}</span>
              <span className="brand-tagline">{t('site.tagline')}</span>
            </span>
          </LocalLink>

          <nav className="main-nav" aria-label={t('nav.main')}>
            <ul className="nav-list">
              {menu.map((item) => (
                <DesktopItem key={item.key} item={item} active={item.activeIndex === activeIndex} />
              ))}
            </ul>
          </nav>

          <div className="header-actions">
            {languageSwitch}
            {account}
          </div>

          <button
            ref={menuButton}
            type="button"
            className="icon-button menu-button"
            aria-label={t('nav.openMenu')}
            aria-expanded={drawerOpen}
            aria-controls="mobile-drawer"
            onClick={() => {
              setDrawerOpen(true)
              setTimeout(() => drawerSearch.current?.focus(), 50)
            }}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </div>
      <div className="header-sub">
        <div className="container header-sub-row">
          <p className="header-hotline">
            {hotline && (
              <>
                <span className="muted">{t('footer.phone')}</span> <span className="num">{hotline}</span>
              </>
            )}
          </p>
          <SearchBar variant="desktop" />
        </div>
      </div>

      {drawerOpen && <div className="drawer-backdrop" onClick={() => setDrawerOpen(false)} aria-hidden="true" />}
      <div
        ref={drawer}
        id="mobile-drawer"
        className={`drawer${drawerOpen ? ' is-open' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.menu')}
        hidden={!drawerOpen}
      >
        <div className="drawer-head">
          <span className="brand-name">{t('site.name')}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={t('nav.closeMenu')}
            onClick={() => {
              setDrawerOpen(false)
              menuButton.current?.focus()
            }}
          >
            ×
          </button>
        </div>
        <SearchBar variant="drawer" inputRef={drawerSearch} onSearched={() => setDrawerOpen(false)} />
        <nav aria-label={t('nav.main')}>
          <ul className="drawer-nav">
            {menu.map((item) => (
              <li key={item.key}>
                <LocalLink
                  to={item.linkAddress}
                  className={`drawer-link${item.activeIndex === activeIndex ? ' is-active' : ''}`}
                  aria-current={item.activeIndex === activeIndex ? 'page' : undefined}
                >
                  {item.label}
                </LocalLink>
                {item.children && item.children.length > 0 && (
                  <ul className="drawer-sub">
                    {item.children.map((child) => (
                      <li key={child.key}>
                        <LocalLink to={child.linkAddress}>{child.label}</LocalLink>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="drawer-actions">
          {languageSwitch}
          {account}
        </div>
      </div>

      {confirmLogout && (
        <Suspense fallback={null}>
          <LogoutDialog onClose={() => setConfirmLogout(false)} />
        </Suspense>
      )}
    </header>
  )
}

function DesktopItem({ item, active }: { item: MenuItem; active: boolean }) {
  const hasChildren = Boolean(item.children && item.children.length > 0)
  return (
    <li className={`nav-item${hasChildren ? ' has-children' : ''}`}>
      <LocalLink to={item.linkAddress} className={`nav-link${active ? ' is-active' : ''}`} aria-current={active ? 'page' : undefined}>
        {item.label}
        {hasChildren && (
          <svg className="nav-caret" width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
            <path d="M2 4l3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        )}
      </LocalLink>
      {hasChildren && (
        <ul className={`nav-dropdown${(item.children?.length ?? 0) > 7 ? ' is-wide' : ''}`}>
          {item.children?.map((child) => (
            <li key={child.key}>
              <LocalLink to={child.linkAddress}>{child.label}</LocalLink>
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}
