import { useId, useState, type ChangeEvent, type Ref } from 'react'
import { FormField } from '../../../components/form-field'
import { TextField } from '../kit/form-fields'
import { uploadImage } from '../api/media'
import type { CarouselSlideInput } from '../api/site'
import { failureText } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'

// The form of one carousel slide: its texts, link, colour, image (uploaded
// through the media call, uploadImage) and visibility. It edits the list's
// draft; the carousel editor saves the list.

/** A slide of the draft: key tells the rows apart, new slides included. */
export type Draft = CarouselSlideInput & { key: string }

const LINK = /^(\/[^/\\]|\/$|https:\/\/)/
export const COLOR = /^#[0-9A-Fa-f]{3}(?:[0-9A-Fa-f]{3})?$/

/** The fields of a slide that break the contract's rules, by field. */
export function slideErrors(slide: CarouselSlideInput): Partial<Record<'title' | 'linkUrl' | 'color', true>> {
  return {
    ...(slide.title.trim() ? {} : { title: true }),
    ...(LINK.test(slide.linkUrl) ? {} : { linkUrl: true }),
    ...(COLOR.test(slide.color) ? {} : { color: true }),
  }
}

export interface FormProps {
  ref: Ref<HTMLFieldSetElement>
  slide: Draft
  index: number
  showErrors: boolean
  readOnly: boolean
  onChange: (fields: Partial<Draft>) => void
  onClose: () => void
}

export function SlideForm({ ref, slide, index, showErrors, readOnly, onChange, onClose }: FormProps) {
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
      <TextField
        label={t('staff.carousel.slideTitle')}
        required
        error={errors.title ? t('staff.site.required') : undefined}
        maxLength={200}
        value={slide.title}
        onChange={(next) => onChange({ title: next })}
      />
      <TextField
        label={t('staff.carousel.subtitle')}
        maxLength={500}
        value={slide.subtitle}
        onChange={(next) => onChange({ subtitle: next })}
      />
      <TextField
        label={t('staff.carousel.linkUrl')}
        required
        hint={t('staff.carousel.linkUrlHint')}
        error={errors.linkUrl ? t('staff.carousel.linkUrlInvalid') : undefined}
        maxLength={500}
        value={slide.linkUrl}
        onChange={(next) => onChange({ linkUrl: next.trim() })}
      />
      <FormField label={t('staff.carousel.color')} error={errors.color ? t('staff.carousel.colorInvalid') : undefined}>
        {(control) => (
          <div className="staff-inline">
            <input
              {...control}
              className="input"
              maxLength={7}
              value={slide.color}
              onChange={(e) => onChange({ color: e.target.value.trim() })}
            />
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
        <input
          id={fileId}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          disabled={uploading}
          onChange={(e) => void upload(e)}
        />
        {uploadError && (
          <p className="field-error" role="alert">
            {uploadError}
          </p>
        )}
      </div>
      <div className="staff-checks">
        <label>
          <input type="checkbox" checked={slide.visible} onChange={(e) => onChange({ visible: e.target.checked })} />{' '}
          {t('staff.carousel.visible')}
        </label>
      </div>
      {/* The changes stay in the list's draft: Save above sends them with the others. */}
      <button type="button" className="button button-secondary" onClick={onClose}>
        {t('staff.site.close')}
      </button>
    </fieldset>
  )
}
