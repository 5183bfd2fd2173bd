import { Breadcrumb } from '../../../components/breadcrumb'
import { useT } from '../../../lib/use-t'
import { CustomRequestForm } from './custom-request-form'
import './market.css'

const SERVICES = ['sizing', 'competition', 'survey', 'feasibility'] as const
const STEPS = ['market.step1', 'market.step2', 'market.step3', 'market.step4'] as const

export default function MarketPage() {
  const t = useT()
  return (
    <div className="container">
      <Breadcrumb items={[{ label: t('market.heading') }]} />
      <div className="page-section market-layout">
        <section className="market-intro">
          <h1 className="page-title">{t('market.heading')}</h1>
          <p className="lead">{t('market.lead')}</p>
          <h2 className="subhead">{t('market.services')}</h2>
          <ul className="service-list">
            {SERVICES.map((key) => (
              <li key={key}>
                <h3>{t(`market.service.${key}`)}</h3>
                <p>{t(`market.service.${key}Text`)}</p>
              </li>
            ))}
          </ul>
          <h2 className="subhead">{t('market.process')}</h2>
          <ol className="step-list">
            {STEPS.map((id, index) => (
              <li key={id}>
                <span className="step-no num" aria-hidden="true">
                  {index + 1}
                </span>
                <span>{t(id)}</span>
              </li>
            ))}
          </ol>
        </section>
        <section className="market-form panel" aria-labelledby="market-form-title">
          <h2 id="market-form-title" className="section-title">
            {t('market.formTitle')}
          </h2>
          <p className="form-note">{t('market.formIntro')}</p>
          <CustomRequestForm type="2" />
        </section>
      </div>
    </div>
  )
}
