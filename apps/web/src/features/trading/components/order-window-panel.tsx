import { formatIndianNumber } from '@fnodesk/domain';
import { useId, type Dispatch, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { REWARD_MULTIPLES, type ExitUnit } from '../utils/order-window-math';
import {
  longTermProduct,
  slmAllowed,
  type OrderTypeCode,
  type OrderWindowAction,
  type OrderWindowDraft,
  type OrderWindowView,
} from '../utils/order-window-state';

/** The instrument's live prices (feed). */
export interface LiveQuote {
  ltp: number | null;
  bid: number | null;
  ask: number | null;
}

/** What the window shows beside the draft. */
export interface OrderWindowPanelProps {
  draft: OrderWindowDraft;
  view: OrderWindowView;
  quote: LiveQuote;
  /** Required margin of the order (`fetch-margins`); null while unknown or when the call failed ('—'). */
  requiredMargin: number | null;
  busy: boolean;
  dispatch: Dispatch<OrderWindowAction>;
  /** CREATE: place the line (on the window's side). */
  onPlace: () => void;
  /** CREATE: add the line to the basket. */
  onAddToBasket: () => void;
  /** Modify: send the change. */
  onModify: () => void;
  onClose: () => void;
}

const ORDER_TYPE_LABELS: Readonly<Record<OrderTypeCode, string>> = { 1: 'Market', 2: 'Limit', 3: 'SL', 4: 'SL-M' };
const UNIT_LABELS: Readonly<Record<ExitUnit, string>> = { points: 'Points', percent: '%', price: 'Price' };
const DASH = '—';

function rupees(value: number | null): string {
  return value === null ? DASH : formatIndianNumber(value, 2);
}

// B and S switch the side unless the key goes into a field (spec: not while typing).
function isTypingTarget(target: EventTarget): boolean {
  return (
    target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement
  );
}

/** The order window (spec §2.7): CREATE or Modify mode over one instrument. */
export function OrderWindowPanel(props: OrderWindowPanelProps) {
  const { draft, view, quote, dispatch, busy } = props;
  const id = useId();
  const blocked = busy || view.messages.length > 0;
  const create = draft.mode === 'create';
  const sideClass = draft.side === 'BUY' ? 'primary' : 'danger';

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      if (blocked) return;
      if (create) props.onPlace();
      else props.onModify();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
    const key = event.key.toLowerCase();
    if (key === 'b') dispatch({ type: 'side', side: 'BUY' });
    if (key === 's') dispatch({ type: 'side', side: 'SELL' });
  };

  const exitRow = (kind: 'target' | 'stopLoss', label: string) => {
    const input = draft[kind];
    const level = view[kind];
    return (
      <div className="col-12 col-sm-6">
        <Form.Label htmlFor={`${id}-${kind}`} className="small mb-1">
          {label}
        </Form.Label>
        <div className="input-group input-group-sm">
          <Form.Control
            id={`${id}-${kind}`}
            inputMode="decimal"
            value={input.text}
            onChange={(event) => dispatch({ type: 'exit', kind, unit: input.unit, text: event.target.value })}
          />
          <Form.Select
            aria-label={`${label} unit`}
            value={input.unit}
            className="flex-grow-0 w-auto"
            onChange={(event) =>
              dispatch({ type: 'exitUnit', kind, unit: event.target.value as ExitUnit, level: level })
            }
          >
            {(Object.keys(UNIT_LABELS) as ExitUnit[]).map((unit) => (
              <option key={unit} value={unit}>
                {UNIT_LABELS[unit]}
              </option>
            ))}
          </Form.Select>
        </div>
        <div className="small text-body-secondary" data-testid={`order-window-${kind}-level`}>
          {level === null
            ? DASH
            : `${formatIndianNumber(level.points, 2)} pts · ${level.percent.toFixed(2)}% · ₹${formatIndianNumber(level.price, 2)}`}
        </div>
      </div>
    );
  };

  const sizing = view.sizing;
  const capitalShort =
    sizing !== null && props.requiredMargin !== null && sizing.capitalPerTrade < props.requiredMargin;

  return (
    <Modal show onHide={props.onClose} centered size="lg" aria-labelledby={`${id}-title`}>
      <div onKeyDown={onKeyDown} data-testid="order-window" data-mode={draft.mode} data-side={draft.side}>
        <Modal.Header closeButton className={`border-bottom border-3 border-${sideClass}`}>
          <Modal.Title id={`${id}-title`} as="h2" className="fs-6 d-flex flex-wrap gap-2 align-items-baseline">
            <span>{draft.instrument.displayName}</span>
            <span className="small text-body-secondary">{draft.instrument.tradingSymbol}</span>
            {!create && <span className="badge text-bg-warning">Modify</span>}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <div className="d-flex flex-wrap gap-3 align-items-center mb-3 small">
            <span>
              LTP <strong data-testid="order-window-ltp">{rupees(quote.ltp)}</strong>
            </span>
            <span>
              Bid <span className="text-success">{rupees(quote.bid)}</span>
            </span>
            <span>
              Ask <span className="text-danger">{rupees(quote.ask)}</span>
            </span>
            <ButtonGroup size="sm" aria-label="Side" className="ms-auto">
              {(['BUY', 'SELL'] as const).map((side) => (
                <Button
                  key={side}
                  variant={draft.side === side ? (side === 'BUY' ? 'primary' : 'danger') : 'outline-secondary'}
                  aria-pressed={draft.side === side}
                  onClick={() => dispatch({ type: 'side', side })}
                >
                  {side}
                </Button>
              ))}
            </ButtonGroup>
          </div>

          <div className="d-flex flex-wrap gap-2 mb-3">
            <ButtonGroup size="sm" aria-label="Order type">
              {([1, 2, 3, 4] as const).map((code) => (
                <Button
                  key={code}
                  variant={draft.orderType === code ? 'secondary' : 'outline-secondary'}
                  aria-pressed={draft.orderType === code}
                  disabled={code === 4 && !slmAllowed(draft.instrument)}
                  title={
                    code === 4 && !slmAllowed(draft.instrument) ? 'SL-M is not allowed for this instrument' : undefined
                  }
                  onClick={() => dispatch({ type: 'orderType', orderType: code, marketPrice: quote.ltp })}
                >
                  {ORDER_TYPE_LABELS[code]}
                </Button>
              ))}
            </ButtonGroup>
            <ButtonGroup size="sm" aria-label="Variety">
              {(['regular', 'amo'] as const).map((variety) => (
                <Button
                  key={variety}
                  variant={draft.variety === variety ? 'secondary' : 'outline-secondary'}
                  aria-pressed={draft.variety === variety}
                  onClick={() => dispatch({ type: 'variety', variety })}
                >
                  {variety === 'regular' ? 'Regular' : 'AMO'}
                </Button>
              ))}
            </ButtonGroup>
            <ButtonGroup size="sm" aria-label="Validity">
              {(['DAY', 'IOC'] as const).map((validity) => (
                <Button
                  key={validity}
                  variant={draft.validity === validity ? 'secondary' : 'outline-secondary'}
                  aria-pressed={draft.validity === validity}
                  onClick={() => dispatch({ type: 'validity', validity })}
                >
                  {validity}
                </Button>
              ))}
            </ButtonGroup>
            <ButtonGroup size="sm" aria-label="Product">
              {(['MIS', longTermProduct(draft.instrument)] as const).map((product) => (
                <Button
                  key={product}
                  variant={draft.product === product ? 'secondary' : 'outline-secondary'}
                  aria-pressed={draft.product === product}
                  disabled={!create}
                  onClick={() => dispatch({ type: 'product', product })}
                >
                  {product}
                </Button>
              ))}
            </ButtonGroup>
          </div>

          <div className="row g-2 mb-2">
            <NumberField
              id={`${id}-lot`}
              label="Lot"
              value={draft.lotText}
              onChange={(text) => dispatch({ type: 'lot', text })}
            />
            <NumberField
              id={`${id}-qty`}
              label="Qty"
              value={view.quantity === null ? '' : String(view.quantity)}
              step={draft.instrument.lotSize}
              onChange={(text) => dispatch({ type: 'quantity', text })}
            />
            <NumberField
              id={`${id}-slice`}
              label="Slice lot"
              value={draft.sliceLotText}
              onChange={(text) => dispatch({ type: 'sliceLot', text })}
            />
            <NumberField
              id={`${id}-price`}
              label="Price"
              value={view.fields.price ? draft.priceText : ''}
              step={draft.instrument.tickSize}
              disabled={!view.fields.price}
              onChange={(text) => dispatch({ type: 'price', text })}
            />
            <NumberField
              id={`${id}-trigger`}
              label="Trigger price"
              value={view.fields.trigger ? draft.triggerText : ''}
              step={draft.instrument.tickSize}
              disabled={!view.fields.trigger}
              onChange={(text) => dispatch({ type: 'trigger', text })}
            />
            <div className="col-6 col-sm-4 col-lg-2">
              <Form.Label htmlFor={`${id}-tag`} className="small mb-1">
                Tag
              </Form.Label>
              <Form.Control
                id={`${id}-tag`}
                size="sm"
                value={draft.tag}
                onChange={(event) => dispatch({ type: 'tag', text: event.target.value })}
              />
            </div>
          </div>
          <p className="small text-body-secondary mb-3" data-testid="order-window-slices">
            {view.slices.length > 1
              ? `Sent as ${view.slices.length} orders: ${view.slices.map((slice) => slice.quantity).join(' + ')}`
              : `Lot size ${draft.instrument.lotSize} · tick ${draft.instrument.tickSize}`}
          </p>

          {create && (
            <>
              <div className="row g-2 mb-2">
                {exitRow('target', 'Target')}
                {exitRow('stopLoss', 'Stop loss')}
              </div>
              <div className="d-flex flex-wrap gap-2 align-items-center mb-3 small">
                <span>Reward to risk</span>
                <ButtonGroup size="sm" aria-label="Reward multiple">
                  {REWARD_MULTIPLES.map((multiple) => (
                    <Button
                      key={multiple}
                      variant="outline-secondary"
                      disabled={view.stopLoss === null || view.orderPrice === null}
                      onClick={() => {
                        if (view.stopLoss === null || view.orderPrice === null) return;
                        dispatch({ type: 'multiple', multiple, entry: view.orderPrice, stopLoss: view.stopLoss.price });
                      }}
                    >
                      {multiple}R
                    </Button>
                  ))}
                </ButtonGroup>
                <strong data-testid="order-window-rr">
                  {view.rewardToRisk === null ? DASH : view.rewardToRisk.toFixed(2)}
                </strong>
                {view.signal !== null && (
                  <span
                    data-testid="order-window-signal"
                    className={`badge ${view.signal === 'No Trade' ? 'text-bg-danger' : 'text-bg-success'}`}
                  >
                    {view.signal}
                  </span>
                )}
              </div>
            </>
          )}

          <dl className="row small mb-2" data-testid="order-window-risk">
            <dt className="col-6 col-sm-3">Required margin</dt>
            <dd className="col-6 col-sm-3" data-testid="order-window-margin">
              {rupees(props.requiredMargin)}
            </dd>
            <dt className="col-6 col-sm-3">Capital per trade</dt>
            <dd className={`col-6 col-sm-3 ${capitalShort ? 'text-danger' : ''}`}>
              {rupees(sizing?.capitalPerTrade ?? null)}
            </dd>
            <dt className="col-6 col-sm-3">Position size</dt>
            <dd
              className={`col-6 col-sm-3 ${(sizing?.positionSize ?? 0) > 1 ? 'text-danger' : ''}`}
              data-testid="order-window-position-size"
            >
              {sizing?.positionSize == null ? DASH : sizing.positionSize.toFixed(2)}
            </dd>
            <dt className="col-6 col-sm-3">Max lot / qty</dt>
            <dd className="col-6 col-sm-3">
              {sizing?.maxLots == null ? DASH : `${sizing.maxLots} / ${sizing.maxQty ?? DASH}`}
            </dd>
          </dl>

          {view.messages.length > 0 && (
            <ul className="list-unstyled text-danger small mb-0" role="alert" data-testid="order-window-messages">
              {view.messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </Modal.Body>
        <Modal.Footer className="flex-wrap">
          {create ? (
            <>
              <Button variant="outline-secondary" disabled={blocked} onClick={props.onAddToBasket}>
                Add To Basket
              </Button>
              <Button variant={sideClass} disabled={blocked} onClick={props.onPlace}>
                {draft.side === 'BUY' ? 'Buy' : 'Sell'}
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline-secondary" disabled={busy} onClick={props.onClose}>
                Cancel
              </Button>
              <Button variant="warning" disabled={blocked} onClick={props.onModify}>
                Modify
              </Button>
            </>
          )}
        </Modal.Footer>
      </div>
    </Modal>
  );
}

function NumberField(props: {
  id: string;
  label: string;
  value: string;
  step?: number;
  disabled?: boolean;
  onChange: (text: string) => void;
}) {
  return (
    <div className="col-6 col-sm-4 col-lg-2">
      <Form.Label htmlFor={props.id} className="small mb-1">
        {props.label}
      </Form.Label>
      <Form.Control
        id={props.id}
        size="sm"
        type="number"
        inputMode="decimal"
        min={props.step === undefined ? 1 : props.step}
        step={props.step ?? 1}
        value={props.value}
        disabled={props.disabled ?? false}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}
