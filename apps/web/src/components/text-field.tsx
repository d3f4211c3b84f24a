import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { Form } from 'react-bootstrap';

/** Props of `TextField`: a labelled input, its error and an optional hint; the rest goes to the <input>. */
export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'size' | 'value'> & {
  label: ReactNode;
  value?: string | number;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled Bootstrap text input that shows its error below it and marks itself invalid for assistive tech. */
export function TextField({ label, error, hint, id, className, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const invalid = error !== undefined;
  const describedBy = [invalid ? `${inputId}-error` : null, hint === undefined ? null : `${inputId}-hint`]
    .filter(Boolean)
    .join(' ');
  return (
    <Form.Group className={className ?? 'mb-3'} controlId={inputId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...input}
        isInvalid={invalid}
        aria-invalid={invalid}
        aria-describedby={describedBy.length > 0 ? describedBy : undefined}
      />
      {invalid && (
        <Form.Control.Feedback type="invalid" id={`${inputId}-error`}>
          {error}
        </Form.Control.Feedback>
      )}
      {hint !== undefined && (
        <Form.Text id={`${inputId}-hint`} className="text-body-secondary">
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}
