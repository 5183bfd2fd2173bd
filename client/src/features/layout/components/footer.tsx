import { LocalLink } from '../../../components/local-link'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { useSiteConfig } from '../api/get-site-config'
import './footer.css'

const PAYMENT_BADGES = ['Visa', 'Mastercard', 'PayPal', 'Wire transfer', 'Alipay', 'WeChat Pay']

export function Footer() {
  const t = useT()
  const locale = useLocale()
  const chinese = locale === 'zh-CN'
  const { data: config } = useSiteConfig(locale)
  const get = (key: string) => config?.[key] ?? ''
  const prefix = chinese ? 'cn' : 'en'

  const contact = chinese
    ? [
        { label: t('footer.phone'), value: get('cn.contact.phone') },
        { label: t('footer.mobile'), value: get('cn.contact.mobile') },
        { label: t('footer.email'), value: get('cn.contact.email'), mail: true },
        { label: t('footer.address'), value: get('cn.contact.address') },
      ]
    : [
        { label: t('footer.phone'), value: get('en.contact.phone') },
        { label: t('footer.mobile'), value: get('en.contact.intl') },
        { label: t('footer.email'), value: get('en.contact.email'), mail: true },
        { label: t('footer.address'), value: get('en.contact.address') },
      ]

  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section className="footer-brand">
          <p className="footer-name">{t('site.name')}</p>
          <p className="footer-desc">{t('site.tagline')}</p>
          {chinese ? (
            <div className="footer-badges" aria-label={t('footer.customers')}>
              <p className="footer-heading">{t('footer.customers')}</p>
              <ul className="badge-list">
                {['国有企业', '上市公司', '投资机构', '跨国公司', '研究机构'].map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </div>
          ) : (
            <div className="footer-badges">
              <p className="footer-heading">{t('footer.payments')}</p>
              <ul className="badge-list">
                {PAYMENT_BADGES.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </div>
          )}
        </section>

        <nav className="footer-nav" aria-label={t('footer.nav')}>
          <p className="footer-heading">{t('footer.nav')}</p>
          <ul>
            <li>
              <LocalLink to="/report-industries">{t('nav.reports')}</LocalLink>
            </li>
            <li>
              <LocalLink to="/market">{t('nav.market')}</LocalLink>
            </li>
            {chinese && (
              <li>
                <LocalLink to="/bulletin">{t('nav.bulletin')}</LocalLink>
              </li>
            )}
            {chinese && (
              <li>
                <LocalLink to="/news-categories">{t('nav.news')}</LocalLink>
              </li>
            )}
            <li>
              <LocalLink to="/contactUs">{t('nav.contact')}</LocalLink>
            </li>
          </ul>
        </nav>

        <nav className="footer-nav" aria-label={t('nav.about')}>
          <p className="footer-heading">{t('nav.about')}</p>
          <ul>
            <li>
              <LocalLink to="/about">{t('nav.about.company')}</LocalLink>
            </li>
            <li>
              <LocalLink to="/link">{t('nav.about.method')}</LocalLink>
            </li>
            <li>
              <LocalLink to="/order">{t('nav.about.order')}</LocalLink>
            </li>
            {chinese && (
              <li>
                <LocalLink to="/qualify">{t('nav.about.qualify')}</LocalLink>
              </li>
            )}
            <li>
              <LocalLink to="/term">{t('nav.about.term')}</LocalLink>
            </li>
          </ul>
        </nav>

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
              {get('cn.footer.icp') && (
                <a href={get('cn.footer.icpUrl') || 'https://beian.miit.gov.cn/'} target="_blank" rel="noopener noreferrer">
                  {get('cn.footer.icp')}
                </a>
              )}
              {get('cn.footer.police') && (
                <a href={get('cn.footer.policeUrl') || 'https://beian.mps.gov.cn/'} target="_blank" rel="noopener noreferrer">
                  {get('cn.footer.police')}
                </a>
              )}
            </span>
          )}
        </div>
      </div>
    </footer>
  )
}
