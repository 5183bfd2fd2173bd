import { useEffect, useRef } from 'react'
import { useLocation, useSearch } from 'wouter'
import { localizePath, otherLocale, splitLocale } from '../../../lib/locale'
import { staffSignOut } from '../api/session'
import { AuditView } from './audit-view'
import { CarouselEditor } from './carousel-editor'
import { ConfigEditor } from './config-editor'
import { DictEditor } from './dict-editor'
import { OrderList } from './order-list'
import { OrderPage } from './order-page'
import { ReportEditor } from './report-editor'
import { RequestList } from './request-list'
import { RequestPage } from './request-page'
import { ReportList } from './report-list'
import { RevisionsView } from './revisions-view'
import { isPlainClick, useStaff } from './staff-context'
import { useStaffT } from './use-staff-t'

/** The sections besides reports and audit: the site's other content (staff-site). */
const SITE_SECTIONS = ['carousel', 'dictionary', 'settings'] as const
type SiteSection = (typeof SITE_SECTIONS)[number]
const isSiteSection = (section: string): section is SiteSection => (SITE_SECTIONS as readonly string[]).includes(section)

interface Props {
  section?: string
  code?: string
  view?: string
}

function NavLink({ path, current, children }: { path: string; current: boolean; children: string }) {
  const { href, navigate } = useStaff()
  return (
    <a
      href={href(path)}
      className={`staff-nav-link${current ? ' is-current' : ''}`}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        if (!isPlainClick(event)) return
        event.preventDefault()
        navigate(path)
      }}
    >
      {children}
    </a>
  )
}

export function StaffShell({ section = 'reports', code, view }: Props) {
  const t = useStaffT()
  const { staff, locale, navigate, forget } = useStaff()
  const [location] = useLocation()
  const search = useSearch()
  const mainRef = useRef<HTMLDivElement>(null)
  const isAdmin = staff.role === 'admin'
  // The requests inbox is sales' and admin's (the server refuses the others anyway).
  const worksRequests = staff.role === 'sales' || isAdmin
  const readsOrders = staff.role !== 'editor'
  const screen = isSiteSection(section)
    ? section
    : section === 'requests'
      ? code
        ? 'request'
        : 'requests'
      : section === 'orders'
        ? code
          ? 'order'
          : 'orders'
        : section === 'audit'
          ? 'audit'
          : code
            ? view === 'revisions'
              ? 'revisions'
              : 'editor'
            : 'list'

  // A new screen moves the focus to its heading, as a page load would put the reader at its top.
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    mainRef.current?.querySelector<HTMLElement>('h1')?.focus()
  }, [screen, code])

  useEffect(() => {
    if (section !== 'reports' && section !== 'audit' && section !== 'requests' && section !== 'orders' && !isSiteSection(section))
      navigate('/staff/reports', { replace: true })
  }, [section, navigate])

  const other = otherLocale(locale)
  const switchHref = `${localizePath(other, splitLocale(location).path)}${search ? `?${search}` : ''}`
  const signOut = async () => {
    try {
      await staffSignOut()
    } catch {
      // Signed out on the server or not, the console forgets the session.
    }
    forget()
  }

  return (
    <div className="staff-console">
      <header className="staff-header">
        <div className="staff-header-inner">
          <p className="staff-brand">{t('staff.brand')}</p>
          <nav className="staff-nav" aria-label={t('staff.nav.label')}>
            <NavLink path="/staff/reports" current={section === 'reports'}>
              {t('staff.nav.reports')}
            </NavLink>
            {/* Site content besides reports (staff-site) */}
            <NavLink path="/staff/carousel" current={section === 'carousel'}>
              {t('staff.nav.carousel')}
            </NavLink>
            <NavLink path="/staff/dictionary" current={section === 'dictionary'}>
              {t('staff.nav.dictionary')}
            </NavLink>
            <NavLink path="/staff/settings" current={section === 'settings'}>
              {t('staff.nav.settings')}
            </NavLink>
            {/* end of staff-site */}
            {worksRequests && (
              <NavLink path="/staff/requests" current={section === 'requests'}>
                {t('staff.nav.requests')}
              </NavLink>
            )}
            {readsOrders && (
              <NavLink path="/staff/orders" current={section === 'orders'}>
                {t('staff.nav.orders')}
              </NavLink>
            )}
            {isAdmin && (
              <NavLink path="/staff/audit" current={section === 'audit'}>
                {t('staff.nav.audit')}
              </NavLink>
            )}
          </nav>
          <div className="staff-user">
            <span className="staff-user-name">
              {staff.name} <span className="staff-role">{t(`staff.role.${staff.role}`)}</span>
            </span>
            <a className="staff-header-link" href={switchHref} lang={other} hrefLang={other}>
              {t('staff.switchLanguage')}
            </a>
            <button type="button" className="staff-header-link" onClick={() => void signOut()}>
              {t('staff.signOut')}
            </button>
          </div>
        </div>
      </header>
      <div className="staff-main" ref={mainRef}>
        {screen === 'list' && <ReportList />}
        {screen === 'editor' && code && <ReportEditor key={code} code={code === 'new' ? undefined : code} />}
        {screen === 'revisions' && code && <RevisionsView code={code} />}
        {screen === 'carousel' && <CarouselEditor />}
        {screen === 'dictionary' && <DictEditor />}
        {screen === 'settings' && <ConfigEditor />}
        {screen === 'requests' && <RequestList />}
        {screen === 'request' && code && <RequestPage key={code} id={code} />}
        {screen === 'orders' && <OrderList />}
        {screen === 'order' && code && <OrderPage key={code} orderNo={code} />}
        {screen === 'audit' && (isAdmin ? <AuditView /> : <p role="alert">{t('staff.audit.adminOnly')}</p>)}
      </div>
    </div>
  )
}
