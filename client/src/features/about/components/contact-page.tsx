import { Breadcrumb } from '../../../components/breadcrumb'
import { Skeleton } from '../../../components/skeleton'
import { LoadError } from '../../../components/state-message'
import { openModal } from '../../../lib/modal-store'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { useContact } from '../api/get-contact'
import './about.css'

export default function ContactPage() {
  const t = useT()
  const locale = useLocale()
  const contact = useContact(locale)
  const { data, mutate } = contact
  const rows = data
    ? [
        { label: t('footer.phone'), value: data.phone, href: `tel:${data.phone.replace(/[^\d+]/g, '')}` },
        { label: t('footer.mobile'), value: data.secondPhone, href: `tel:${data.secondPhone.replace(/[^\d+]/g, '')}` },
        { label: t('footer.email'), value: data.email, href: `mailto:${data.email}` },
        { label: t('footer.address'), value: data.address },
      ]
    : []

  return (
    <div className="container">
      <Breadcrumb items={[{ label: t('contact.heading') }]} />
      <div className="page-section">
        <h1 className="page-title">{t('contact.heading')}</h1>
        <p className="about-intro">{t('contact.lead')}</p>
        <div className="contact-grid">
          <section className="contact-card" aria-labelledby="contact-sales">
            <h2 id="contact-sales" className="about-heading">
              {t('contact.sales')}
            </h2>
            {contact.error && !data ? (
              <LoadError onRetry={() => void mutate()} />
            ) : !data ? (
              <div style={{ display: 'grid', gap: 16 }}>
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} height={40} />
                ))}
              </div>
            ) : (
              <dl className="contact-list">
                {rows.map((row) => (
                  <div key={row.label}>
                    <dt>{row.label}</dt>
                    <dd className={row.href?.startsWith('tel:') ? 'num' : undefined}>
                      {row.href && row.value ? <a href={row.href}>{row.value}</a> : row.value || '—'}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            <p className="muted small">{t('contact.hours')}</p>
          </section>
          <section className="contact-card contact-ask" aria-labelledby="contact-ask">
            <h2 id="contact-ask" className="about-heading">
              {t('contact.ask')}
            </h2>
            <p>{t('contact.askText')}</p>
            <button type="button" className="button button-primary button-large" onClick={() => openModal({ mode: 'custom', type: '2' })}>
              {t('home.customAction')}
            </button>
          </section>
        </div>
      </div>
    </div>
  )
}
