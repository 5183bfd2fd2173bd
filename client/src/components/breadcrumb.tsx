import { useT } from '../lib/use-t'
import { LocalLink } from './local-link'

export interface Crumb {
  label: string
  to?: string
}

export function Breadcrumb({ items }: { items: Crumb[] }) {
  const t = useT()
  return (
    <nav className="breadcrumb" aria-label={t('common.breadcrumb')}>
      <ol>
        <li>
          <LocalLink to="/">{t('common.home')}</LocalLink>
        </li>
        {items.map((item, index) => (
          <li key={`${item.label}-${index}`}>
            {item.to && index < items.length - 1 ? (
              <LocalLink to={item.to}>{item.label}</LocalLink>
            ) : (
              <span aria-current={index === items.length - 1 ? 'page' : undefined}>{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
