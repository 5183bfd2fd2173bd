import type { ReactNode } from 'react'
import { deferredPart } from '../../../lib/deferred-part'
import { useT } from '../../../lib/use-t'
import { Header } from './header'
// The footer's stylesheet comes with the page's (the server's markup shows it before its script has loaded).
import './footer.css'

// Below the fold on every page: its script loads and hydrates after the screen's.
const Footer = deferredPart(() => import('./footer').then((module) => ({ default: module.Footer })))

interface Props {
  activeIndex: number
  hideLanguageSwitch: boolean
  /** Header and footer hidden (pay-back and password pages) */
  bare: boolean
  children: ReactNode
}

export function Layout({ activeIndex, hideLanguageSwitch, bare, children }: Props) {
  const t = useT()
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      {!bare && <Header activeIndex={activeIndex} hideLanguageSwitch={hideLanguageSwitch} />}
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      {!bare && <Footer />}
    </>
  )
}
