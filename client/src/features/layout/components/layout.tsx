import type { ReactNode } from 'react'
import { useT } from '../../../lib/use-t'
import { Footer } from './footer'
import { Header } from './header'

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
