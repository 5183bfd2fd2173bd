import { useEffect, useState } from 'react'
import type { Address } from '@rpt/contract'
import {
  addressErrors,
  addressInput,
  emptyAddress,
  useSaveAddress,
  valuesOf,
  type AddressField,
  type AddressValues,
} from '../lib/addresses'
import { loadCountries, loadDivisions, type CountryOption, type DivisionOption } from '../lib/divisions'
import { showToast } from '../lib/toast'
import { useForm } from '../lib/use-form'
import { useLocale } from '../lib/use-locale'
import { useT } from '../lib/use-t'
import type { MessageId } from '../lib/intl'
import { FormField } from './form-field'
import { SubmitButton } from './submit-button'
import { TextInput } from './text-input'
import './address-form.css'

interface Props {
  /** The address being changed; none for a new one */
  address?: Address
  onSaved: (address: Address) => void
  onCancel?: () => void
  /** The submit button's words (the e-mail step says "use this address") */
  submitLabel?: string
}

/**
 * One address of the book: a Chinese one by province, city and district
 * (GB/T 2260, the data loaded when the form opens), or an international one
 * (country, region, city, street lines). The edition sets which comes first;
 * either can be chosen.
 */
export function AddressForm({ address, onSaved, onCancel, submitLabel }: Props) {
  const t = useT()
  const locale = useLocale()
  const { trigger, isMutating } = useSaveAddress()
  const form = useForm<AddressValues>(address ? valuesOf(address) : emptyAddress(locale), addressErrors)
  const { values } = form

  const submit = form.onSubmit(isMutating, async (valid) => {
    const saved = await trigger(addressInput(valid, address?.id))
    showToast(t('address.saved'), 'success')
    onSaved(saved)
  })

  return (
    <form noValidate onSubmit={submit} className="address-form">
      <fieldset className="address-kind">
        <legend className="field-label">{t('address.kind')}</legend>
        {(['cn', 'intl'] as const).map((kind) => (
          <label key={kind} className="radio">
            <input type="radio" name="kind" value={kind} checked={values.kind === kind} onChange={() => form.setField('kind', kind)} />{' '}
            {t(`address.kind.${kind}`)}
          </label>
        ))}
      </fieldset>
      <div className="form-grid">
        <TextInput {...form.field('recipient')} label={t('address.recipient')} required autoComplete="name" maxLength={60} />
        <TextInput {...form.field('phone')} type="tel" label={t('address.phone')} required autoComplete="tel" maxLength={30} />
        {values.kind === 'cn' ? (
          <DivisionSelects values={values} errors={form.field} onChange={form.setFields} />
        ) : (
          <>
            <CountrySelect
              value={values.country}
              error={form.field('country').error}
              onValue={(v) => form.field('country').onValue('country', v)}
            />
            <TextInput {...form.field('region')} label={t('address.region')} autoComplete="address-level1" maxLength={100} />
            <TextInput {...form.field('city')} label={t('address.city')} required autoComplete="address-level2" maxLength={100} />
          </>
        )}
        <TextInput
          {...form.field('street')}
          label={t(values.kind === 'cn' ? 'address.street' : 'address.street1')}
          required
          wide
          autoComplete={values.kind === 'cn' ? 'street-address' : 'address-line1'}
          maxLength={200}
        />
        {values.kind === 'intl' && (
          <TextInput {...form.field('street2')} label={t('address.street2')} wide autoComplete="address-line2" maxLength={200} />
        )}
        <TextInput {...form.field('postcode')} label={t('address.postcode')} autoComplete="postal-code" maxLength={20} />
      </div>
      <div className="button-row">
        <SubmitButton pending={isMutating} label={submitLabel ?? t('common.save')} className="button button-primary" />
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </form>
  )
}

type FieldOf = (name: AddressField) => { error?: MessageId | undefined }

/** Province, city and district: each list the one above it chose; loaded on first show. */
function DivisionSelects({
  values,
  errors,
  onChange,
}: {
  values: AddressValues
  errors: FieldOf
  onChange: (patch: Partial<AddressValues>) => void
}) {
  const t = useT()
  const [tree, setTree] = useState<DivisionOption[] | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    loadDivisions().then(
      (loaded) => live && setTree(loaded),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [])
  const province = tree?.find((p) => p.code === values.provinceCode)
  const city = province?.children.find((c) => c.code === values.cityCode)
  // A new choice above empties the choices below it; a single choice below is taken at once.
  const choose = (level: 'provinceCode' | 'cityCode' | 'districtCode', code: string) => {
    if (level === 'provinceCode') {
      const cities = tree?.find((p) => p.code === code)?.children ?? []
      const onlyCity = cities.length === 1 ? cities[0] : undefined
      const onlyDistrict = onlyCity?.children.length === 1 ? onlyCity.children[0] : undefined
      onChange({ provinceCode: code, cityCode: onlyCity?.code ?? '', districtCode: onlyDistrict?.code ?? '' })
    } else if (level === 'cityCode') {
      const districts = province?.children.find((c) => c.code === code)?.children ?? []
      onChange({ cityCode: code, districtCode: districts.length === 1 ? districts[0]!.code : '' })
    } else {
      onChange({ districtCode: code })
    }
  }
  const levels = [
    { name: 'provinceCode' as const, label: t('address.province'), options: tree ?? [], enabled: Boolean(tree) },
    { name: 'cityCode' as const, label: t('address.cityCn'), options: province?.children ?? [], enabled: Boolean(province) },
    { name: 'districtCode' as const, label: t('address.district'), options: city?.children ?? [], enabled: Boolean(city) },
  ]
  return (
    <div className="division-selects field-wide">
      {levels.map((level) => {
        const error = errors(level.name).error
        return (
          <FormField
            key={level.name}
            label={level.label}
            required
            error={error ? t(error) : failed ? t('address.divisionsFailed') : undefined}
          >
            {(control) => (
              <select
                {...control}
                name={level.name}
                className="select"
                value={values[level.name]}
                disabled={!level.enabled}
                aria-busy={!tree && !failed}
                onChange={(e) => choose(level.name, e.target.value)}
              >
                <option value="">{tree || failed ? t('address.choose') : t('address.loading')}</option>
                {level.options.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )
      })}
    </div>
  )
}

function CountrySelect({ value, error, onValue }: { value: string; error?: MessageId | undefined; onValue: (value: string) => void }) {
  const t = useT()
  const locale = useLocale()
  const [countries, setCountries] = useState<CountryOption[] | null>(null)
  useEffect(() => {
    let live = true
    void loadCountries(locale).then((loaded) => live && setCountries(loaded))
    return () => {
      live = false
    }
  }, [locale])
  return (
    <FormField label={t('address.country')} required error={error ? t(error) : undefined}>
      {(control) => (
        <select
          {...control}
          name="country"
          className="select"
          value={value}
          autoComplete="country"
          onChange={(e) => onValue(e.target.value)}
        >
          <option value="">{countries ? t('address.choose') : t('address.loading')}</option>
          {countries?.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  )
}
