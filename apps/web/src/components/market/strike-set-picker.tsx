import { Form } from 'react-bootstrap';
import { MAX_STRIKES_AROUND, type StrikeSet } from '../../lib/market/strike-set';

/** Props of {@link StrikeSetPicker}. */
export interface StrikeSetPickerProps {
  value: StrikeSet;
  onChange: (value: StrikeSet) => void;
  /** Prefix of the controls' ids, unique on the page. */
  idPrefix: string;
  /** Offer the CE and PE switches (pages drawing both legs always may leave them out). */
  legs?: boolean;
}

const AROUND = Array.from({ length: MAX_STRIKES_AROUND }, (_, i) => i + 1);

/**
 * Picks the strike set: CE and PE legs, Only ATM, or ATM ±n strikes. At least one leg stays on: switching off the
 * last one switches the other back on.
 */
export function StrikeSetPicker({ value, onChange, idPrefix, legs = true }: StrikeSetPickerProps) {
  const setLeg = (leg: 'ce' | 'pe', on: boolean) => {
    const other = leg === 'ce' ? 'pe' : 'ce';
    onChange({ ...value, [leg]: on, ...(on || value[other] ? {} : { [other]: true }) });
  };
  return (
    <div className="d-flex flex-wrap align-items-end gap-2">
      <Form.Group controlId={`${idPrefix}-strikes`}>
        <Form.Label className="small mb-0">Strikes</Form.Label>
        <Form.Select
          size="sm"
          value={value.onlyAtm ? 'atm' : String(value.around)}
          onChange={(event) => {
            const chosen = event.currentTarget.value;
            onChange(
              chosen === 'atm' ? { ...value, onlyAtm: true } : { ...value, onlyAtm: false, around: Number(chosen) },
            );
          }}
        >
          <option value="atm">Only ATM</option>
          {AROUND.map((n) => (
            <option key={n} value={n}>
              ATM ±{n}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {legs && (
        <div className="d-flex gap-2 align-self-center pt-3">
          <Form.Check
            inline
            type="checkbox"
            id={`${idPrefix}-ce`}
            label="CE"
            checked={value.ce}
            onChange={(event) => setLeg('ce', event.currentTarget.checked)}
          />
          <Form.Check
            inline
            type="checkbox"
            id={`${idPrefix}-pe`}
            label="PE"
            checked={value.pe}
            onChange={(event) => setLeg('pe', event.currentTarget.checked)}
          />
        </div>
      )}
    </div>
  );
}
