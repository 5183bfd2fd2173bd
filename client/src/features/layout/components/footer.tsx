import { LocalLink } from '../../../components/local-link'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { useSiteConfig } from '../api/get-site-config'
import { buildMenu, type MenuItem } from './menu'

const PAYMENT_BADGES = ['Visa', 'Mastercard', 'PayPal', 'Wire transfer', 'Alipay', 'WeChat Pay']

export function Footer() {
  const t = useT()
  const locale = useLocale()
  const chinese = locale === 'zh-CN'
  const { data: config } = useSiteConfig(locale)
  const get = (key: string) => config?.[key] ?? ''
  const prefix = chinese ? 'cn' : 'en'

  const contact = [
    { label: t('footer.phone'), value: get(`${prefix}.contact.phone`) },
    { label: t('footer.mobile'), value: get(chinese ? 'cn.contact.mobile' : 'en.contact.intl') },
    { label: t('footer.email'), value: get(`${prefix}.contact.email`), mail: true },
    { label: t('footer.address'), value: get(`${prefix}.contact.address`) },
  ]
  // The header's sections (less home and about), then about's pages: the footer links what the menu does.
  const menu = buildMenu({ locale, t, reportCategories: undefined, newsMarkets: undefined, bulletinTypes: undefined })
  const sections = menu.filter((item) => item.key !== 'home' && item.key !== 'about')
  const aboutPages = menu.find((item) => item.key === 'about')?.children ?? []
  const filings = [
    { text: get('cn.footer.icp'), href: get('cn.footer.icpUrl') || 'https://beian.miit.gov.cn/' },
    { text: get('cn.footer.police'), href: get('cn.footer.policeUrl') || 'https://beian.mps.gov.cn/' },
  ]

  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section className="footer-brand">
          <p className="footer-name">{t('site.name')}</p>
          <p className="footer-desc">{t('site.tagline')}</p>
          {chinese ? (
            <Badges heading={t('footer.customers')} names={['国有企业', '上市公司', '投资机构', '跨国公司', '研究机构']} labelled />
          ) : (
            <Badges heading={t('footer.payments')} names={PAYMENT_BADGES} />
          )}
        </section>

        <FooterLinks label={t('footer.nav')} items={sections} />
        <FooterLinks label={t('nav.about')} items={aboutPages} />

        <section className="footer-contact" aria-label={t('footer.contact')}>
          <p className="footer-heading">{t('footer.contact')}</p>
          <dl>
            {contact.map((row) => (
              <div key={row.label} className="footer-contact-row">
                <dt>{row.label}</dt>
                <dd className={row.mail ? undefined : 'num'}>
                  {row.mail && row.value ? <a href={`mailto:${row.value}`}>{row.value}</a> : row.value || '—'}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <div className="footer-bottom">
        <div className="container footer-bottom-row">
          <span>{get(`${prefix}.footer.copyright`)}</span>
          {chinese && (
            <span className="footer-filing">
              {filings.map(
                (filing) =>
                  filing.text && (
                    <a key={filing.href} href={filing.href} target="_blank" rel="noopener noreferrer">
                      {filing.text}
                    </a>
                  ),
              )}
            </span>
          )}
        </div>
      </div>
    </footer>
  )
}

function Badges({ heading, names, labelled }: { heading: string; names: string[]; labelled?: boolean }) {
  return (
    <div className="footer-badges" aria-label={labelled ? heading : undefined}>
      <p className="footer-heading">{heading}</p>
      <ul className="badge-list">
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </div>
  )
}

function FooterLinks({ label, items }: { label: string; items: MenuItem[] }) {
  return (
    <nav className="footer-nav" aria-label={label}>
      <p className="footer-heading">{label}</p>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <LocalLink to={item.linkAddress}>{item.label}</LocalLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
