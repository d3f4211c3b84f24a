import {
  RULE_COMPARATORS,
  RULE_SOURCES,
  type CreateRuleRequest,
  type RuleAction,
  type RuleComparator,
  type RuleSource,
  type RuleView,
} from '@fnodesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Badge, Button, Form, Spinner, Table } from 'react-bootstrap';
import { formatIstTime } from '../../../lib/format-ist';
import { createRule, deleteRule, quiktradeRiskKey, updateRule, useRules } from '../api/quiktrade-risk-api';
import { actionText, conditionText, parseStrike } from '../utils/rule-text';

/** Props of the rules panel: the account and the mode (paper or live) new rules trade in. */
export interface RulesPanelProps {
  brokerId: string;
  mode: 'paper' | 'live';
}

/**
 * The rules engine's panel (Pro): the account's rules with their state (active, fired, refused), arm/disarm and
 * delete, and the form for a new rule. Rules run on the server; a rule fires once and disarms itself.
 */
export function RulesPanel({ brokerId, mode }: RulesPanelProps) {
  const rules = useRules(brokerId);
  return (
    <section className="d-flex flex-column gap-3" aria-label="Rules" data-testid="rules-panel">
      {rules.isPending && (
        <div className="d-flex align-items-center gap-2 small text-body-secondary" role="status">
          <Spinner size="sm" animation="border" /> Loading rules…
        </div>
      )}
      {rules.error && <Alert variant="danger">{rules.error.message}</Alert>}
      {rules.data && rules.data.rules.length === 0 && (
        <p className="small text-body-secondary mb-0">No rules yet. Create one below.</p>
      )}
      {rules.data && rules.data.rules.length > 0 && <RuleTable brokerId={brokerId} rules={rules.data.rules} />}
      <RuleForm brokerId={brokerId} mode={mode} />
    </section>
  );
}

function RuleTable({ brokerId, rules }: { brokerId: string; rules: RuleView[] }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: quiktradeRiskKey(brokerId) });
  const arm = useMutation({
    mutationFn: ({ id, armed }: { id: string; armed: boolean }) => updateRule(brokerId, id, { armed }),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => deleteRule(brokerId, id), onSuccess: refresh });
  const error = arm.error ?? remove.error;
  return (
    <>
      {error && (
        <Alert variant="danger" className="py-2 small">
          {error.message}
        </Alert>
      )}
      <div className="table-responsive">
        <Table size="sm" className="small align-middle mb-0">
          <thead>
            <tr>
              <th>Sr.No</th>
              <th>Rule</th>
              <th>Active</th>
              <th>State</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {rules.map((rule, index) => (
              <tr key={rule.id} data-testid="rule-row">
                <td>{index + 1}</td>
                <td>
                  <div>
                    {rule.instrument} {rule.expiry} · {rule.mode === 'live' ? 'Live' : 'Paper'} · {rule.product}
                  </div>
                  <div>If {conditionText(rule.condition)}</div>
                  <div className="text-body-secondary">Then {rule.actions.map(actionText).join(', ')}</div>
                </td>
                <td>
                  <Form.Check
                    type="switch"
                    id={`rule-armed-${rule.id}`}
                    aria-label={`Active: rule ${index + 1}`}
                    checked={rule.armed}
                    disabled={arm.isPending}
                    onChange={(event) => arm.mutate({ id: rule.id, armed: event.currentTarget.checked })}
                  />
                </td>
                <td>
                  {rule.firedAt !== null ? (
                    <Badge bg={rule.fireError === null ? 'success' : 'danger'} title={rule.fireError ?? undefined}>
                      {rule.fireError === null ? 'Fired' : 'Refused'} {formatIstTime(rule.firedAt)}
                    </Badge>
                  ) : (
                    <Badge bg={rule.armed ? 'primary' : 'secondary'}>{rule.armed ? 'Watching' : 'Off'}</Badge>
                  )}
                  {rule.fireError !== null && <div className="text-danger">{rule.fireError}</div>}
                </td>
                <td>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Delete rule ${index + 1}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(rule.id)}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </>
  );
}

interface ActionRow {
  side: RuleAction['side'];
  type: RuleAction['type'];
  strike: string;
  lots: string;
}

const NEW_ACTION: ActionRow = { side: 'BUY', type: 'CE', strike: 'ATM', lots: '1' };
const STRIKE_HINT = 'A strike price, or ATM, ATM+1, ATM-2 …';

/** The create request the form describes, or the first problem with it. */
function requestOf(form: {
  mode: 'paper' | 'live';
  instrument: string;
  expiry: string;
  source: RuleSource;
  strike: string;
  comparator: RuleComparator;
  value: string;
  time: string;
  waitTicks: string;
  actions: ActionRow[];
}): CreateRuleRequest | string {
  if (form.instrument.trim() === '') return 'Choose the instrument.';
  if (form.expiry === '') return 'Choose the expiry.';
  const waitTicks = Number(form.waitTicks);
  if (!Number.isInteger(waitTicks) || waitTicks < 1) return 'Wait ticks must be a whole number of 1 or more.';
  let condition: CreateRuleRequest['condition'];
  if (form.source === 'TIME') {
    if (!/^\d{2}:\d{2}$/.test(form.time)) return 'Choose the time (HH:MM, IST).';
    condition = { source: 'TIME', comparator: form.comparator, time: form.time, waitTicks };
  } else {
    const value = Number(form.value);
    if (form.value.trim() === '' || !Number.isFinite(value) || value < 0) return 'Enter the price to compare with.';
    const needsStrike = form.source === 'CE' || form.source === 'PE' || form.source === 'COMBINED';
    const strike = needsStrike ? parseStrike(form.strike) : null;
    if (needsStrike && strike === null) return `Condition strike: ${STRIKE_HINT}`;
    condition = {
      source: form.source,
      comparator: form.comparator,
      value,
      waitTicks,
      ...(strike ? { strike } : {}),
    };
  }
  const actions: RuleAction[] = [];
  for (const [i, row] of form.actions.entries()) {
    const lots = Number(row.lots);
    if (!Number.isInteger(lots) || lots < 1) return `Order row ${i + 1}: lots must be a whole number of 1 or more.`;
    if (row.type === 'FUT') {
      actions.push({ side: row.side, type: 'FUT', lots });
      continue;
    }
    const strike = parseStrike(row.strike);
    if (strike === null) return `Order row ${i + 1}: ${STRIKE_HINT}`;
    actions.push({ side: row.side, type: row.type, strike, lots });
  }
  return {
    mode: form.mode,
    instrument: form.instrument.trim().toUpperCase(),
    expiry: form.expiry,
    condition,
    actions,
    armed: true,
  };
}

function RuleForm({ brokerId, mode }: RulesPanelProps) {
  const [instrument, setInstrument] = useState('NIFTY');
  const [expiry, setExpiry] = useState('');
  const [source, setSource] = useState<RuleSource>('COMBINED');
  const [strike, setStrike] = useState('ATM');
  const [comparator, setComparator] = useState<RuleComparator>('GE');
  const [value, setValue] = useState('');
  const [time, setTime] = useState('');
  const [waitTicks, setWaitTicks] = useState('1');
  const [actions, setActions] = useState<ActionRow[]>([NEW_ACTION]);
  const [problem, setProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (request: CreateRuleRequest) => createRule(brokerId, request),
    onSuccess: () => {
      setValue('');
      setActions([NEW_ACTION]);
      return queryClient.invalidateQueries({ queryKey: quiktradeRiskKey(brokerId) });
    },
  });
  const setAction = (index: number, change: Partial<ActionRow>) =>
    setActions((rows) => rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const priced = source !== 'TIME';
  const strikeWatched = source === 'CE' || source === 'PE' || source === 'COMBINED';
  return (
    <Form
      aria-label="New rule"
      // The form's own checks name the field at fault; the browser's would stop at the first step mismatch.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const request = requestOf({
          mode,
          instrument,
          expiry,
          source,
          strike,
          comparator,
          value,
          time,
          waitTicks,
          actions,
        });
        if (typeof request === 'string') {
          setProblem(request);
          return;
        }
        setProblem(null);
        create.mutate(request);
      }}
    >
      <h2 className="h6">New rule</h2>
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Group controlId="rule-instrument" style={{ width: '8rem' }}>
          <Form.Label className="small mb-1">Instrument</Form.Label>
          <Form.Control size="sm" value={instrument} onChange={(e) => setInstrument(e.currentTarget.value)} />
        </Form.Group>
        <Form.Group controlId="rule-expiry" style={{ width: '10rem' }}>
          <Form.Label className="small mb-1">Expiry</Form.Label>
          <Form.Control size="sm" type="date" value={expiry} onChange={(e) => setExpiry(e.currentTarget.value)} />
        </Form.Group>
        <Form.Group controlId="rule-source" style={{ width: '9rem' }}>
          <Form.Label className="small mb-1">Stock Attribute</Form.Label>
          <Form.Select size="sm" value={source} onChange={(e) => setSource(e.currentTarget.value as RuleSource)}>
            {RULE_SOURCES.map((s) => (
              <option key={s} value={s}>
                {s === 'TIME' ? 'TIME' : `${s} LTP`}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {strikeWatched && (
          <Form.Group controlId="rule-strike" style={{ width: '7rem' }}>
            <Form.Label className="small mb-1">Strike</Form.Label>
            <Form.Control
              size="sm"
              value={strike}
              title={STRIKE_HINT}
              onChange={(e) => setStrike(e.currentTarget.value)}
            />
          </Form.Group>
        )}
        <Form.Group controlId="rule-comparator" style={{ width: '5.5rem' }}>
          <Form.Label className="small mb-1">Comparator</Form.Label>
          <Form.Select
            size="sm"
            value={comparator}
            onChange={(e) => setComparator(e.currentTarget.value as RuleComparator)}
          >
            {RULE_COMPARATORS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {priced ? (
          <Form.Group controlId="rule-value" style={{ width: '7rem' }}>
            <Form.Label className="small mb-1">Symbol Value</Form.Label>
            <Form.Control
              size="sm"
              type="number"
              min="0"
              step="0.05"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
            />
          </Form.Group>
        ) : (
          <Form.Group controlId="rule-time" style={{ width: '7rem' }}>
            <Form.Label className="small mb-1">Time (IST)</Form.Label>
            <Form.Control size="sm" type="time" value={time} onChange={(e) => setTime(e.currentTarget.value)} />
          </Form.Group>
        )}
        <Form.Group controlId="rule-wait" style={{ width: '6rem' }}>
          <Form.Label className="small mb-1">Wait Tick</Form.Label>
          <Form.Control
            size="sm"
            type="number"
            min="1"
            step="1"
            value={waitTicks}
            onChange={(e) => setWaitTicks(e.currentTarget.value)}
          />
        </Form.Group>
      </div>
      <h3 className="h6 mt-3 small">Orders when it fires</h3>
      {actions.map((row, index) => (
        <fieldset
          key={index}
          className="d-flex flex-wrap gap-2 align-items-end mb-2"
          aria-label={`Order row ${index + 1}`}
        >
          <Form.Select
            size="sm"
            style={{ width: '5.5rem' }}
            aria-label={`Side, order row ${index + 1}`}
            value={row.side}
            onChange={(e) => setAction(index, { side: e.currentTarget.value as ActionRow['side'] })}
          >
            <option value="BUY">BUY</option>
            <option value="SELL">SELL</option>
          </Form.Select>
          <Form.Select
            size="sm"
            style={{ width: '5.5rem' }}
            aria-label={`Type, order row ${index + 1}`}
            value={row.type}
            onChange={(e) => setAction(index, { type: e.currentTarget.value as ActionRow['type'] })}
          >
            <option value="CE">CE</option>
            <option value="PE">PE</option>
            <option value="FUT">FUT</option>
          </Form.Select>
          {row.type !== 'FUT' && (
            <Form.Control
              size="sm"
              style={{ width: '7rem' }}
              aria-label={`Strike, order row ${index + 1}`}
              title={STRIKE_HINT}
              value={row.strike}
              onChange={(e) => setAction(index, { strike: e.currentTarget.value })}
            />
          )}
          <Form.Control
            size="sm"
            type="number"
            min="1"
            step="1"
            style={{ width: '5rem' }}
            aria-label={`Lots, order row ${index + 1}`}
            value={row.lots}
            onChange={(e) => setAction(index, { lots: e.currentTarget.value })}
          />
          {actions.length > 1 && (
            <Button
              size="sm"
              variant="outline-secondary"
              aria-label={`Remove order row ${index + 1}`}
              onClick={() => setActions((rows) => rows.filter((_, i) => i !== index))}
            >
              Remove
            </Button>
          )}
        </fieldset>
      ))}
      {(problem ?? create.error) && (
        <Alert variant="danger" className="py-2 small" role="alert">
          {problem ?? create.error?.message}
        </Alert>
      )}
      <div className="d-flex gap-2">
        <Button
          size="sm"
          variant="outline-primary"
          disabled={actions.length >= 10}
          onClick={() => setActions((rows) => [...rows, NEW_ACTION])}
        >
          Add order row
        </Button>
        <Button type="submit" size="sm" disabled={create.isPending}>
          Create rule
        </Button>
      </div>
    </Form>
  );
}
