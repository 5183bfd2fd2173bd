import { useEffect, useRef } from 'react'
import { useLocation, useSearch } from 'wouter'
import { localizePath, otherLocale, splitLocale } from '../../../lib/locale'
import { staffSignOut } from '../api/session'
import { mayLeave } from '../kit/leave-guard'
import { useStaff } from '../kit/staff-context'
import { landingFor, navFor, SectionScreen, sectionOf, sectionsFor } from './staff-screens'
import { NoAccess } from '../kit/section-head'
import { ConsoleLink } from '../kit/list-controls'
import { useStaffT } from '../kit/use-staff-t'

interface Props {
  section?: string
  code?: string
  view?: string
}

function NavLink({ path, current, children }: { path: string; current: boolean; children: string }) {
  return (
    <ConsoleLink path={path} className={`staff-nav-link${current ? ' is-current' : ''}`} current={current}>
      {children}
    </ConsoleLink>
  )
}

export function StaffShell({ section: named, code, view }: Props) {
  const t = useStaffT()
  const { staff, locale, navigate, forget } = useStaff()
  const landing = landingFor(staff.role)
  const section = named ?? landing
  const [location] = useLocation()
  const search = useSearch()
  const mainRef = useRef<HTMLDivElement>(null)
  const allowed = sectionsFor(staff.role)
  // What the focus follows: a section's list, a record, a record's revisions.
  const screen = `${section}/${code ?? ''}/${view ?? ''}`

  // A new screen moves the focus to its heading, as a page load would put the reader at its top.
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    mainRef.current?.querySelector<HTMLElement>('h1')?.focus()
  }, [screen])

  // An address that names no section shows where the console opens; a section this role may not see says so.
  const known = sectionOf(section)
  const unknown = !known
  const forbidden = known !== undefined && !allowed.includes(known)
  const home = sectionOf(landing)!
  useEffect(() => {
    if (unknown) navigate(`/staff/${landing}`, { replace: true })
  }, [unknown, navigate, landing])

  const other = otherLocale(locale)
  const switchHref = `${localizePath(other, splitLocale(location).path)}${search ? `?${search}` : ''}`
  const signOut = async () => {
    if (!mayLeave()) return
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
            {navFor(staff.role).map((item) => (
              <NavLink key={item.name} path={`/staff/${item.name}`} current={section === item.name}>
                {t(item.label)}
              </NavLink>
            ))}
          </nav>
          <div className="staff-user">
            {/* One's own account (password, second factor) opens from one's name. */}
            <ConsoleLink path="/staff/account" className="staff-header-link staff-user-name" current={section === 'account'}>
              {staff.name} <span className="staff-role">{t(`staff.role.${staff.role}`)}</span>
            </ConsoleLink>
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
        {forbidden ? (
          <NoAccess
            text={t('staff.access.text', { role: t(`staff.role.${staff.role}`) })}
            back={{ path: `/staff/${landing}`, label: t(home.label) }}
          />
        ) : (
          !unknown && <SectionScreen section={section} code={code} view={view} />
        )}
      </div>
    </div>
  )
}
