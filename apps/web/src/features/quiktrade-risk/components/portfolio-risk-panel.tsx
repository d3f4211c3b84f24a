import type { PortfolioRisk, PortfolioRiskSettings } from '@fnodesk/contracts';
import { formatRupees } from '@fnodesk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Badge, Button, Form, Spinner } from 'react-bootstrap';
import { formatIstTime } from '../../../lib/format-ist';
import { quiktradeRiskKey, savePortfolioRisk, useRiskState } from '../api/quiktrade-risk-api';

/** Props of the portfolio risk panel: the account and the mode (paper or live) it guards. */
export interface PortfolioRiskPanelProps {
  brokerId: string;
  mode: 'paper' | 'live';
}

const FIELDS = [
  ['mtmStop', 'MTM stop (₹ loss)'],
  ['mtmTarget', 'MTM target (₹)'],
  ['trailFrom', 'Trail from MTM (₹)'],
  ['trailLock', 'Lock in (₹)'],
  ['trailStep', 'Trail step (₹)'],
] as const;
type Field = (typeof FIELDS)[number][0];

const TRIGGERS = { mtmStop: 'MTM stop', mtmTarget: 'MTM target', trailStop: 'Trail stop' } as const;

const valuesOf = (risk: PortfolioRisk): Record<Field, string> =>
  Object.fromEntries(FIELDS.map(([key]) => [key, risk[key] === null ? '' : String(risk[key])])) as Record<
    Field,
    string
  >;

/**
 * The portfolio MTM stop, target and lock-in trail of one account and mode, watched by the server with the browser
 * closed; with the engine's state: the MTM, a badge while the feed is stale (the engine is paused) and the notice
 * once the daily loss limit locked new entries.
 */
export function PortfolioRiskPanel({ brokerId, mode }: PortfolioRiskPanelProps) {
  const state = useRiskState(brokerId, mode);
  if (state.isPending) {
    return (
      <div className="d-flex align-items-center gap-2 small text-body-secondary" role="status">
        <Spinner size="sm" animation="border" /> Loading portfolio risk…
      </div>
    );
  }
  if (state.error) return <Alert variant="danger">{state.error.message}</Alert>;
  const risk = state.data.portfolioRisk;
  return (
    <section className="d-flex flex-column gap-2" aria-label="Portfolio risk" data-testid="portfolio-risk-panel">
      <div className="d-flex flex-wrap align-items-center gap-2 small">
        <span>
          Total MTM{' '}
          <strong className={state.data.mtm < 0 ? 'text-danger' : 'text-success'}>
            {formatRupees(state.data.mtm)}
          </strong>
        </span>
        <span className="text-body-secondary">
          Realised {formatRupees(state.data.realised)} · Unrealised {formatRupees(state.data.unrealised)}
        </span>
        {state.data.paused && (
          <Badge bg="warning" text="dark" data-testid="stale-feed-badge">
            Feed stale: risk engine paused
          </Badge>
        )}
        <Badge bg={risk.armed ? 'success' : 'secondary'}>{risk.armed ? 'Armed' : 'Not armed'}</Badge>
      </div>
      {state.data.lockedForDay && (
        <Alert variant="danger" className="py-2 mb-0 small" data-testid="locked-for-day">
          The daily loss limit is reached: new orders are blocked for today. Exits are still allowed.
        </Alert>
      )}
      {risk.triggered !== null && risk.triggeredAt !== null && !risk.armed && (
        <p className="small mb-0">
          {TRIGGERS[risk.triggered]} fired at {formatIstTime(risk.triggeredAt)}: pending orders cancelled and every
          position exited.
        </p>
      )}
      <RiskForm key={`${risk.armed}-${risk.triggeredAt ?? ''}`} brokerId={brokerId} mode={mode} risk={risk} />
    </section>
  );
}

function RiskForm({ brokerId, mode, risk }: PortfolioRiskPanelProps & { risk: PortfolioRisk }) {
  const [values, setValues] = useState(() => valuesOf(risk));
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (armed: boolean) => {
      const number = (key: Field) => (values[key].trim() === '' ? null : Number(values[key]));
      const settings: PortfolioRiskSettings = {
        mtmStop: number('mtmStop'),
        mtmTarget: number('mtmTarget'),
        trailFrom: number('trailFrom'),
        trailLock: number('trailLock'),
        trailStep: number('trailStep'),
        armed,
      };
      return savePortfolioRisk(brokerId, mode, settings);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quiktradeRiskKey(brokerId) }),
  });
  const nothingSet = FIELDS.every(([key]) => values[key].trim() === '');
  return (
    <Form
      // The server answers a bad combination with the field at fault; the browser's step check would only block.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(true);
      }}
    >
      <div className="d-flex flex-wrap gap-2">
        {FIELDS.map(([key, label]) => (
          <Form.Group key={key} controlId={`portfolio-${key}-${mode}`} style={{ width: '9.5rem' }}>
            <Form.Label className="small mb-1">{label}</Form.Label>
            <Form.Control
              size="sm"
              type="number"
              min="0"
              step="1"
              inputMode="decimal"
              value={values[key]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((old) => ({ ...old, [key]: value }));
              }}
            />
          </Form.Group>
        ))}
      </div>
      <p className="small text-body-secondary mb-2">
        Once the MTM reaches “Trail from”, “Lock in” is kept as profit and rises by the step for every step the MTM
        climbs. A trigger cancels pending orders and exits every position once.
      </p>
      {save.error && (
        <Alert variant="danger" className="py-2 small">
          {save.error.message}
        </Alert>
      )}
      <div className="d-flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending || nothingSet}>
          {risk.armed ? 'Save and re-arm' : 'Arm'}
        </Button>
        {risk.armed && (
          <Button size="sm" variant="outline-secondary" disabled={save.isPending} onClick={() => save.mutate(false)}>
            Disarm
          </Button>
        )}
      </div>
    </Form>
  );
}
