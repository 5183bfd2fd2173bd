import { useId, type FormEvent, type Ref } from 'react'
import { useLocation } from 'wouter'
import { localizePath } from '../../../lib/locale'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { searchPath, searchTypesFor, type SearchType } from './menu'

interface Props {
  variant: 'desktop' | 'drawer'
  inputRef?: Ref<HTMLInputElement>
  onSearched?: () => void
}

export function SearchBar({ variant, inputRef, onSearched }: Props) {
  const t = useT()
  const locale = useLocale()
  const [, navigate] = useLocation()
  const id = useId()
  const types = searchTypesFor(locale)

  // The fields are read as the form holds them: what was typed or chosen before
  // the page hydrated counts. Before that the form submits itself, a plain GET
  // to /search, which the BFF answers with a redirect to the same list.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const fields = new FormData(event.currentTarget)
    const type = fields.get('type')
    const keyword = fields.get('keyword')
    const path = searchPath(typeof type === 'string' ? (type as SearchType) : undefined, typeof keyword === 'string' ? keyword : '', locale)
    navigate(localizePath(locale, path))
    onSearched?.()
  }

  return (
    <form className={`search-bar search-${variant}`} role="search" action={localizePath(locale, '/search')} method="get" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={`${id}-type`}>
        {t('search.type')}
      </label>
      <select id={`${id}-type`} name="type" className="search-type" defaultValue={types[0]}>
        {types.map((value) => (
          <option key={value} value={value}>
            {t(`search.type.${value}`)}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor={`${id}-kw`}>
        {t('search.label')}
      </label>
      <input
        ref={inputRef}
        id={`${id}-kw`}
        className="search-input"
        type="search"
        name="keyword"
        maxLength={100}
        placeholder={t('search.placeholder')}
      />
      <button type="submit" className="search-button" aria-label={t('search.submit')}>
        <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
          <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  )
}
