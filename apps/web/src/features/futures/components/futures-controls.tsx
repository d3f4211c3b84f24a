import { Form } from 'react-bootstrap';
import { ChoiceButtons } from '../../../components/market/page-header';
import { BUILD_UP_WINDOWS, buildUpWindowLabel, type BuildUpWindow } from '../../../lib/market/build-up-window';
import { EXPIRY_SLOTS, type ExpirySlot } from '../utils/futures-rows';
import { STOCK_GROUPS, type StockGroup } from '../utils/stock-groups';

const SLOT_LABELS: Readonly<Record<ExpirySlot, string>> = { near: 'Near', next: 'Next', far: 'Far' };

/** The group select of spec §2.10 (All FNO Stocks, Nifty 50, …). */
export function GroupSelect({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: StockGroup;
  onChange: (group: StockGroup) => void;
}) {
  return (
    <Form.Group controlId={`${idPrefix}-group`}>
      <Form.Label className="small mb-0">Group</Form.Label>
      <Form.Select
        size="sm"
        value={value}
        onChange={(event) =>
          onChange(STOCK_GROUPS.find((entry) => entry.group === event.currentTarget.value)?.group ?? 'all')
        }
      >
        {STOCK_GROUPS.map((entry) => (
          <option key={entry.group} value={entry.group}>
            {entry.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** Near, next or far month. */
export function ExpirySlotSelect({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: ExpirySlot;
  onChange: (slot: ExpirySlot) => void;
}) {
  return (
    <Form.Group controlId={`${idPrefix}-expiry`}>
      <Form.Label className="small mb-0">Expiry</Form.Label>
      <Form.Select
        size="sm"
        value={value}
        onChange={(event) => onChange(EXPIRY_SLOTS.find((slot) => slot === event.currentTarget.value) ?? 'near')}
      >
        {EXPIRY_SLOTS.map((slot) => (
          <option key={slot} value={slot}>
            {SLOT_LABELS[slot]}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** The build-up window: since the previous close, the open, 15 minutes or an hour. */
export function BuildUpWindowButtons({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: BuildUpWindow;
  onChange: (window: BuildUpWindow) => void;
}) {
  return (
    <ChoiceButtons
      id={`${idPrefix}-window`}
      label="Build-up since"
      choice={{
        options: BUILD_UP_WINDOWS.map((entry) => entry.label),
        value: buildUpWindowLabel(value),
        onChange: (label) => onChange(BUILD_UP_WINDOWS.find((entry) => entry.label === label)?.window ?? value),
      }}
    />
  );
}
