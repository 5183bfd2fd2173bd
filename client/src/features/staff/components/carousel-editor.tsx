import { useEffect, useId, useRef, useState, type ChangeEvent, type Ref } from 'react'
import { uploadImage } from '../api/media'
import { updateCarousel, useCarousel, type CarouselSlideInput, type StaffCarousel } from '../api/site'
import { FormField } from '../../../components/form-field'
import type { Edition } from '../api/reports'
import { formatDateTime } from './format'
import { SaveStatus, useMaySave, useSaveFailure, type SaveOutcome } from './site-status'
import { failureText, useStaff } from './staff-context'
import { useStaffT } from './use-staff-t'
import './staff-site.css'

// The home page's carousel of one language: the ordered list of slides, with
// an edit form for the one chosen. Reordering, adding, editing and removing
// change the draft; Save sends the whole list with the version it was read
// at (updateCarousel), so a save by someone else in between is refused
// (300101) rather than mixed with this one.

type Draft = CarouselSlideInput & { key: string }

const LINK = /^(\/[^/\\]|\/$|https:\/\/)/
const COLOR = /^#[0-9A-Fa-f]{3}(?:[0-9A-Fa-f]{3})?$/
const EDITIONS: readonly Edition[] = ['zh-CN', 'en-US']

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

/** The fields of a slide that break the contract's rules, by field. */
export function slideErrors(slide: CarouselSlideInput): Partial<Record<'title' | 'linkUrl' | 'color', true>> {
  return {
    ...(slide.title.trim() ? {} : { title: true }),
    ...(LINK.test(slide.linkUrl) ? {} : { linkUrl: true }),
    ...(COLOR.test(slide.color) ? {} : { color: true }),
  }
}

export function CarouselEditor() {
  const t = useStaffT()
  const { locale, endedSession } = useStaff()
  const maySave = useMaySave()
  const toOutcome = useSaveFailure()
  const [edition, setEdition] = useState<Edition>(locale)
  const { data, error, mutate } = useCarousel(edition)
  const [slides, setSlides] = useState<Draft[]>()
  const [chosen, setChosen] = useState<string>()
  const [dirty, setDirty] = useState(false)
  const [saving, setSaving] = useState(false)
  const [outcome, setOutcome] = useState<SaveOutcome>()
  const [checked, setChecked] = useState(false)
  const formRef = useRef<HTMLFieldSetElement>(null)
  const editionId = useId()

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
    setSaving(true)
    try {
      const saved = await updateCarousel(
        edition,
        data.version,
        slides.map(({ key: _key, ...slide }) => slide),
      )
      setChosen(undefined)
      await mutate(saved, { revalidate: false })
      setOutcome({ kind: 'saved' })
    } catch (failure) {
      setOutcome(toOutcome(failure))
    } finally {
      setSaving(false)
    }
  }

  return (
    <section className="staff-section" aria-labelledby="staff-carousel-title">
      <div className="staff-title-row">
        <h1 id="staff-carousel-title" className="staff-title" tabIndex={-1}>
          {t('staff.carousel.title')}
        </h1>
      </div>
      <p className="muted">{t('staff.carousel.lead')}</p>
      {!maySave && <p className="staff-banner staff-banner-warning">{t('staff.site.readOnly')}</p>}
      <div className="staff-site-toolbar">
        <div className="field">
          <label className="field-label" htmlFor={editionId}>
            {t('staff.carousel.edition')}
          </label>
          <select id={editionId} className="select" value={edition} onChange={(e) => setEdition(e.target.value as Edition)}>
            {EDITIONS.map((value) => (
              <option key={value} value={value}>
                {t(`staff.edition.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {data && (
          <p className="staff-meta">
            {t('staff.site.version', { version: data.version })}
            {data.updatedBy && data.updatedAt
              ? ` · ${t('staff.site.savedBy', { name: data.updatedBy })} · ${formatDateTime(data.updatedAt, locale)}`
              : ''}
          </p>
        )}
      </div>
      <SaveStatus outcome={outcome} onReload={() => void mutate()} />
      {error && !data && (
        <p role="alert" className="staff-error">
          {endedSession(error) ? '' : t('staff.site.loadFailed')}
        </p>
      )}
      {slides && (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <caption className="visually-hidden">{t('staff.carousel.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('staff.carousel.image')}</th>
                <th scope="col">{t('staff.carousel.slideTitle')}</th>
                <th scope="col">{t('staff.carousel.linkUrl')}</th>
                <th scope="col">{t('staff.dict.status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('staff.site.edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {slides.map((slide, index) => {
                const name = slide.title || t('staff.carousel.slide', { index: index + 1 })
                return (
                  <tr key={slide.key} aria-current={slide.key === chosen ? 'true' : undefined}>
                    <td className="staff-num">{index + 1}</td>
                    <td>
                      {slide.imageUrl ? (
                        <img className="staff-slide-thumb" src={slide.imageUrl} alt="" />
                      ) : (
                        <span className="staff-slide-swatch" style={{ backgroundColor: COLOR.test(slide.color) ? slide.color : undefined }} />
                      )}
                    </td>
                    <td>{slide.title}</td>
                    <td className="staff-mono">{slide.linkUrl}</td>
                    <td>{slide.visible ? t('staff.carousel.shown') : t('staff.carousel.hidden')}</td>
                    <td>
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
                              disabled={index === slides.length - 1}
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
                    </td>
                  </tr>
                )
              })}
              {slides.length === 0 && (
                <tr>
                  <td colSpan={6} className="staff-empty">
                    {t('staff.carousel.empty')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
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
    </section>
  )
}

interface FormProps {
  ref: Ref<HTMLFieldSetElement>
  slide: Draft
  index: number
  showErrors: boolean
  readOnly: boolean
  onChange: (fields: Partial<Draft>) => void
  onClose: () => void
}

function SlideForm({ ref, slide, index, showErrors, readOnly, onChange, onClose }: FormProps) {
  const t = useStaffT()
  const [uploading, setUploading] = useState(false)
  const [uploadError, setUploadError] = useState<string>()
  const errors = showErrors ? slideErrors(slide) : {}
  const fileId = useId()

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setUploading(true)
    setUploadError(undefined)
    try {
      onChange({ imageUrl: (await uploadImage(file)).url })
    } catch (failure) {
      setUploadError(t('staff.carousel.imageFailed', { reason: failureText(failure, t('staff.site.failed')) }))
    } finally {
      setUploading(false)
    }
  }

  return (
    <fieldset ref={ref} className="staff-fieldset staff-site-form" disabled={readOnly}>
      <legend>{t('staff.carousel.slide', { index: index + 1 })}</legend>
      <FormField label={t('staff.carousel.slideTitle')} required error={errors.title ? t('staff.site.required') : undefined}>
        {(control) => (
          <input {...control} className="input" maxLength={200} value={slide.title} onChange={(e) => onChange({ title: e.target.value })} />
        )}
      </FormField>
      <FormField label={t('staff.carousel.subtitle')}>
        {(control) => (
          <input {...control} className="input" maxLength={500} value={slide.subtitle} onChange={(e) => onChange({ subtitle: e.target.value })} />
        )}
      </FormField>
      <FormField
        label={t('staff.carousel.linkUrl')}
        required
        hint={t('staff.carousel.linkUrlHint')}
        error={errors.linkUrl ? t('staff.carousel.linkUrlInvalid') : undefined}
      >
        {(control) => (
          <input {...control} className="input" maxLength={500} value={slide.linkUrl} onChange={(e) => onChange({ linkUrl: e.target.value.trim() })} />
        )}
      </FormField>
      <FormField label={t('staff.carousel.color')} error={errors.color ? t('staff.carousel.colorInvalid') : undefined}>
        {(control) => (
          <div className="staff-inline">
            <input {...control} className="input" maxLength={7} value={slide.color} onChange={(e) => onChange({ color: e.target.value.trim() })} />
            <input
              type="color"
              aria-label={t('staff.carousel.color')}
              value={COLOR.test(slide.color) && slide.color.length === 7 ? slide.color : '#000000'}
              onChange={(e) => onChange({ color: e.target.value })}
            />
          </div>
        )}
      </FormField>
      <div className="field">
        <p className="field-label">{t('staff.carousel.image')}</p>
        {slide.imageUrl ? (
          <>
            <img className="staff-slide-preview" src={slide.imageUrl} alt="" />
            <button type="button" className="button button-secondary" onClick={() => onChange({ imageUrl: null })}>
              {t('staff.carousel.imageRemove')}
            </button>
          </>
        ) : (
          <p className="field-hint">{t('staff.carousel.imageNone')}</p>
        )}
        <label htmlFor={fileId} className="field-label">
          {uploading ? t('staff.carousel.imageUploading') : t('staff.carousel.imageUpload')}
        </label>
        <input id={fileId} type="file" accept="image/png,image/jpeg,image/webp,image/gif" disabled={uploading} onChange={(e) => void upload(e)} />
        {uploadError && (
          <p className="field-error" role="alert">
            {uploadError}
          </p>
        )}
      </div>
      <div className="staff-checks">
        <label>
          <input type="checkbox" checked={slide.visible} onChange={(e) => onChange({ visible: e.target.checked })} /> {t('staff.carousel.visible')}
        </label>
      </div>
      {/* The changes stay in the list's draft: Save above sends them with the others. */}
      <button type="button" className="button button-secondary" onClick={onClose}>
        {t('staff.site.close')}
      </button>
    </fieldset>
  )
}
