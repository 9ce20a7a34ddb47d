import type { ComponentProps } from 'react'
import './form.css'

/** Country calling codes offered first (ADR 0025); anything else can be typed in the number. */
export const COUNTRY_CODES = [
  '86',
  '852',
  '65',
  '1',
  '60',
  '62',
  '63',
  '66',
  '84',
  '44',
  '61',
  '81',
  '82',
  '91',
] as const

interface AreaCodeFieldProps extends Omit<ComponentProps<'select'>, 'onChange'> {
  id: string
  label: string
  value: string
  onChange: (code: string) => void
  codes?: readonly string[]
  /** How a code reads in the list: `+86` unless the form names the countries. */
  optionLabel?: (code: string) => string
}

/** The calling-code half of a `.phone-row`: a labelled select of country codes. */
export function AreaCodeField({
  id,
  label,
  value,
  onChange,
  codes = COUNTRY_CODES,
  optionLabel = (code) => `+${code}`,
  ...select
}: AreaCodeFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        autoComplete="tel-country-code"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...select}
      >
        {codes.map((code) => (
          <option key={code} value={code}>
            {optionLabel(code)}
          </option>
        ))}
      </select>
    </div>
  )
}
