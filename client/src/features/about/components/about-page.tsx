import { Breadcrumb } from '../../../components/breadcrumb'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { ABOUT_CONTENT, type AboutSection } from './about-content'
import { SideNav } from '../../../components/side-nav'
import './about.css'

const NAV: Array<{ section: AboutSection; to: string }> = [
  { section: 'company', to: '/about' },
  { section: 'method', to: '/link' },
  { section: 'order', to: '/order' },
  { section: 'qualify', to: '/qualify' },
  { section: 'term', to: '/term' },
]

const isSection = (value: string | undefined): value is AboutSection => NAV.some((n) => n.section === value)

export default function AboutPage({ params }: { params: Record<string, string | undefined> }) {
  const t = useT()
  const locale = useLocale()
  const section: AboutSection = isSection(params.section) ? params.section : 'company'
  const content = ABOUT_CONTENT[locale]
  const page = content[section]
  // The English edition does not list the qualification page in its menus.
  const nav = locale === 'en-US' ? NAV.filter((n) => n.section !== 'qualify' || section === 'qualify') : NAV

  return (
    <div className="container">
      <Breadcrumb items={[{ label: t('nav.about'), to: '/about' }, { label: page.title }]} />
      <div className="page-section about-layout">
        <SideNav
          kind="about"
          title={t('nav.about')}
          current={section}
          items={nav.map((n) => ({ key: n.section, to: n.to, label: content[n.section].title }))}
        />
        <article className="about-article">
          <h1 className="page-title">{page.title}</h1>
          <p className="about-intro">{page.intro}</p>
          {page.blocks.map((block, index) => (
            <section key={index} className="about-block">
              {block.heading && <h2 className="about-heading">{block.heading}</h2>}
              {block.facts && (
                <dl className="facts">
                  {block.facts.map((f) => (
                    <div key={f.label}>
                      <dt>{f.label}</dt>
                      <dd className="num">{f.value}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {block.paragraphs?.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {block.list && (
                <ul className="about-list">
                  {block.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {block.steps && (
                <ol className="about-steps">
                  {block.steps.map((step, i) => (
                    <li key={step.title}>
                      <span className="about-step-no num" aria-hidden="true">
                        {String(i + 1).padStart(2, '0')}
                      </span>
                      <div>
                        <h3>{step.title}</h3>
                        <p>{step.text}</p>
                      </div>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          ))}
        </article>
      </div>
    </div>
  )
}
