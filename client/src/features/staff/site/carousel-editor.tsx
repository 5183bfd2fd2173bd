import { useEffect, useRef, useState } from 'react'
import { updateCarousel, useCarousel, type StaffCarousel } from '../api/site'
import type { Language } from '../api/reports'
import { formatDateTime } from '../kit/format'
import { useMaySave, useSaveRun } from './site-status'
import { SiteFrame } from './site-frame'
import { DataTable } from '../kit/data-table'
import { LanguageField } from '../kit/form-fields'
import { COLOR, SlideForm, slideErrors, type Draft } from './slide-form'
import { useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'
import './staff-site.css'

// The home page's carousel of one language: the ordered list of slides, with
// an edit form for the one chosen. Reordering, adding, editing and removing
// change the draft; Save sends the whole list with the version it was read
// at (updateCarousel), so a save by someone else in between is refused
// (300101) rather than mixed with this one.

let drafted = 0
const draftOf = (carousel: StaffCarousel): Draft[] =>
  carousel.slides.map(({ sort: _sort, ...slide }) => ({ ...slide, key: `s${slide.id}` }))
const emptySlide = (): Draft => ({
  key: `new${++drafted}`,
  title: '',
  subtitle: '',
  linkUrl: '/',
  color: '#12355b',
  imageUrl: null,
  visible: true,
})

export function CarouselEditor() {
  const t = useStaffT()
  const { locale } = useStaff()
  const maySave = useMaySave()
  const { saving, outcome, setOutcome, run } = useSaveRun()
  const [language, setLanguage] = useState<Language>(locale)
  const { data, error, mutate } = useCarousel(language)
  const [slides, setSlides] = useState<Draft[]>()
  const [chosen, setChosen] = useState<string>()
  const [dirty, setDirty] = useState(false)
  const [checked, setChecked] = useState(false)
  const formRef = useRef<HTMLFieldSetElement>(null)

  // A fresh read (another language, a reload, a save) replaces the draft.
  const [shown, setShown] = useState<StaffCarousel>()
  if (data && data !== shown) {
    setShown(data)
    setSlides(draftOf(data))
    setDirty(false)
    setChecked(false)
  }

  const current = slides?.find((slide) => slide.key === chosen)
  useEffect(() => {
    if (chosen) formRef.current?.querySelector<HTMLElement>('input, textarea, select')?.focus()
  }, [chosen])

  const change = (next: Draft[]) => {
    setSlides(next)
    setDirty(true)
    setOutcome(undefined)
  }
  const patch = (key: string, fields: Partial<Draft>) => change((slides ?? []).map((s) => (s.key === key ? { ...s, ...fields } : s)))
  const move = (index: number, by: -1 | 1, target: HTMLElement) => {
    const list = [...(slides ?? [])]
    const [slide] = list.splice(index, 1)
    list.splice(index + by, 0, slide!)
    change(list)
    // The focus follows the slide, on the same button while it can move further, so pressing it again keeps moving it.
    const label = target.getAttribute('data-move')
    requestAnimationFrame(() => {
      const buttons = document.querySelectorAll<HTMLButtonElement>(`[data-slide="${slide!.key}"][data-move]`)
      const same = [...buttons].find((button) => button.dataset.move === label && !button.disabled)
      ;(same ?? [...buttons].find((button) => !button.disabled))?.focus()
    })
  }
  const add = () => {
    const slide = emptySlide()
    change([...(slides ?? []), slide])
    setChosen(slide.key)
  }
  const remove = (key: string) => {
    change((slides ?? []).filter((s) => s.key !== key))
    if (chosen === key) setChosen(undefined)
  }

  const save = async () => {
    if (!data || !slides) return
    setChecked(true)
    const invalid = slides.find((slide) => Object.keys(slideErrors(slide)).length > 0)
    if (invalid) {
      setChosen(invalid.key)
      return
    }
    await run(async () => {
      const saved = await updateCarousel(
        language,
        data.version,
        slides.map(({ key: _key, ...slide }) => slide),
      )
      setChosen(undefined)
      await mutate(saved, { revalidate: false })
    })
  }

  const slideActions = (slide: Draft, index: number) => {
    const name = slide.title || t('staff.carousel.slide', { index: index + 1 })
    return (
      <div className="staff-site-actions">
        <button
          type="button"
          className="button button-secondary"
          aria-label={t('staff.site.editOf', { name })}
          onClick={() => setChosen(slide.key)}
        >
          {t('staff.site.edit')}
        </button>
        {maySave && (
          <>
            <button
              type="button"
              className="button button-secondary"
              data-move="up"
              data-slide={slide.key}
              disabled={index === 0}
              aria-label={t('staff.carousel.up', { name })}
              onClick={(e) => move(index, -1, e.currentTarget)}
            >
              ↑
            </button>
            <button
              type="button"
              className="button button-secondary"
              data-move="down"
              data-slide={slide.key}
              disabled={index === (slides?.length ?? 0) - 1}
              aria-label={t('staff.carousel.down', { name })}
              onClick={(e) => move(index, 1, e.currentTarget)}
            >
              ↓
            </button>
            <button
              type="button"
              className="button button-secondary"
              aria-label={t('staff.carousel.remove', { name })}
              onClick={() => remove(slide.key)}
            >
              ✕
            </button>
          </>
        )}
      </div>
    )
  }

  return (
    <SiteFrame
      words="staff.carousel"
      toolbar={
        <div className="staff-site-toolbar">
          <LanguageField label={t('staff.carousel.language')} value={language} onChange={setLanguage} />
          {data && (
            <p className="staff-meta">
              {t('staff.site.version', { version: data.version })}
              {data.updatedBy && data.updatedAt
                ? ` · ${t('staff.site.savedBy', { name: data.updatedBy })} · ${formatDateTime(data.updatedAt, locale)}`
                : ''}
            </p>
          )}
        </div>
      }
      outcome={outcome}
      onReload={() => void mutate()}
      error={!data && error}
    >
      {slides && (
        <DataTable
          caption={t('staff.carousel.caption')}
          rows={slides}
          rowKey={(slide) => slide.key}
          current={(slide) => slide.key === chosen}
          empty={t('staff.carousel.empty')}
          columns={[
            { label: '#', className: 'staff-num', cell: (_slide, index) => index + 1 },
            {
              label: t('staff.carousel.image'),
              cell: (slide) =>
                slide.imageUrl ? (
                  <img className="staff-slide-thumb" src={slide.imageUrl} alt="" />
                ) : (
                  <span className="staff-slide-swatch" style={{ backgroundColor: COLOR.test(slide.color) ? slide.color : undefined }} />
                ),
            },
            { label: t('staff.carousel.slideTitle'), cell: (slide) => slide.title },
            { label: t('staff.carousel.linkUrl'), className: 'staff-mono', cell: (slide) => slide.linkUrl },
            { label: t('staff.dict.status'), cell: (slide) => (slide.visible ? t('staff.carousel.shown') : t('staff.carousel.hidden')) },
            { label: t('staff.site.edit'), hideLabel: true, cell: (slide, index) => slideActions(slide, index) },
          ]}
        />
      )}
      {maySave && slides && (
        <div className="button-row">
          <button type="button" className="button button-secondary" onClick={add} disabled={slides.length >= 20}>
            {t('staff.carousel.add')}
          </button>
          <button type="button" className="button button-primary" disabled={saving || !dirty} onClick={() => void save()}>
            {saving ? t('staff.site.saving') : t('staff.site.save')}
          </button>
          {dirty && <span className="muted">{t('staff.carousel.unsaved')}</span>}
        </div>
      )}
      {current && (
        <SlideForm
          ref={formRef}
          slide={current}
          index={(slides ?? []).indexOf(current)}
          showErrors={checked}
          readOnly={!maySave}
          onChange={(fields) => patch(current.key, fields)}
          onClose={() => setChosen(undefined)}
        />
      )}
    </SiteFrame>
  )
}
