import 'react-phone-number-input/style.css';
import { useCallback, useId } from 'react';
import { Form } from 'react-bootstrap';
import flags from 'react-phone-number-input/flags';
import PhoneInput from 'react-phone-number-input/max';

/** Props of `PhoneField`. */
export interface PhoneFieldProps {
  label: string;
  name: string;
  /** The number in international form (`+91…`), or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** Receives the <input> (e.g. react-hook-form's `field.ref`, so a failed check can focus it). */
  inputRef?: (element: HTMLInputElement | null) => void;
  disabled?: boolean;
}

/** An international phone number input (flag and code, India by default) as a Bootstrap control; flags are bundled. */
export function PhoneField({ label, name, value, onChange, onBlur, error, inputRef, disabled }: PhoneFieldProps) {
  const id = useId();
  const invalid = error !== undefined;
  // The library forwards `ref` to its <input>, though its types describe the class component.
  const forwardRef = useCallback(
    (instance: unknown) => {
      if (instance === null || instance instanceof HTMLInputElement) inputRef?.(instance);
    },
    [inputRef],
  );
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <PhoneInput
        id={id}
        name={name}
        ref={forwardRef}
        defaultCountry="IN"
        flags={flags}
        value={value.length > 0 ? value : undefined}
        onChange={(next) => onChange(next ?? '')}
        onBlur={onBlur}
        disabled={disabled}
        autoComplete="tel"
        className={['phone-field', 'form-control', invalid ? 'is-invalid' : null].filter(Boolean).join(' ')}
        countrySelectProps={{ 'aria-label': 'Country' }}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
      />
      {invalid && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
