import { useEffect, useRef } from 'react'
import { useLocation, useSearch } from 'wouter'
import { localizePath, otherLocale, splitLocale } from '../../../lib/locale'
import { staffSignOut } from '../api/session'
import type { ArticleKind } from '../api/articles'
import { ArticleEditor } from './article-editor'
import { ArticleList } from './article-list'
import { ARTICLE_REVISIONS } from './article-revisions'
import { AuditView } from './audit-view'
import { ReportEditor } from './report-editor'
import { ReportList } from './report-list'
import { RevisionsView } from './revisions-view'
import { isPlainClick, useStaff } from './staff-context'
import { useStaffT } from './use-staff-t'

const SECTIONS = ['reports', 'bulletins', 'news', 'audit']

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
  const screen = section === 'audit' ? 'audit' : code ? (view === 'revisions' ? 'revisions' : 'editor') : 'list'
  // Bulletins and news share their screens, on the kind's calls.
  const kind: ArticleKind | undefined = section === 'bulletins' || section === 'news' ? section : undefined

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
    if (!SECTIONS.includes(section)) navigate('/staff/reports', { replace: true })
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
            <NavLink path="/staff/bulletins" current={section === 'bulletins'}>
              {t('staff.nav.bulletins')}
            </NavLink>
            <NavLink path="/staff/news" current={section === 'news'}>
              {t('staff.nav.news')}
            </NavLink>
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
        {kind ? (
          <>
            {screen === 'list' && <ArticleList key={kind} kind={kind} />}
            {screen === 'editor' && code && <ArticleEditor key={`${kind}/${code}`} kind={kind} id={code === 'new' ? undefined : code} />}
            {screen === 'revisions' && code && <RevisionsView key={kind} code={code} source={ARTICLE_REVISIONS[kind]} />}
          </>
        ) : (
          <>
            {screen === 'list' && <ReportList />}
            {screen === 'editor' && code && <ReportEditor key={code} code={code === 'new' ? undefined : code} />}
            {screen === 'revisions' && code && <RevisionsView code={code} />}
          </>
        )}
        {screen === 'audit' && (isAdmin ? <AuditView /> : <p role="alert">{t('staff.audit.adminOnly')}</p>)}
      </div>
    </div>
  )
}
