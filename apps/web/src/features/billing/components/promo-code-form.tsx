import { PromoCodeInputSchema } from '@fnodesk/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Form, InputGroup } from 'react-bootstrap';
import { LoadingButton } from '../../../components/loading-button';

/** What the promo form shows under itself after an Apply. */
export interface PromoFormFeedback {
  kind: 'success' | 'error';
  message: string;
}

/**
 * A promo code input with Apply (spec §2, §5): Apply is disabled while the trimmed input is empty or when the plan
 * takes no promo (Trial); the result message is announced to screen readers.
 */
export function PromoCodeForm({
  onApply,
  busy,
  disabled = false,
  feedback,
  label = 'Promo code',
}: {
  onApply: (code: string) => void;
  busy: boolean;
  disabled?: boolean;
  feedback: PromoFormFeedback | null;
  label?: string;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const trimmed = code.trim();
  const valid = PromoCodeInputSchema.safeParse(trimmed).success;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed.length > 0 && !disabled) onApply(trimmed);
  };

  return (
    <Form onSubmit={submit} noValidate className="promo-code-form">
      <Form.Label htmlFor={`${id}-code`} className="small mb-1">
        {label}
      </Form.Label>
      <InputGroup size="sm" hasValidation>
        <Form.Control
          id={`${id}-code`}
          value={code}
          maxLength={32}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          onChange={(event) => setCode(event.target.value)}
          isInvalid={trimmed.length > 0 && !valid}
          aria-describedby={feedback ? `${id}-feedback` : undefined}
        />
        <LoadingButton
          type="submit"
          variant="outline-primary"
          loading={busy}
          disabled={disabled || trimmed.length === 0}
        >
          Apply
        </LoadingButton>
      </InputGroup>
      <div id={`${id}-feedback`} role="status" aria-live="polite">
        {feedback && (
          <p className={`small mb-0 mt-1 ${feedback.kind === 'success' ? 'text-success' : 'text-danger'}`}>
            {feedback.message}
          </p>
        )}
      </div>
    </Form>
  );
}
