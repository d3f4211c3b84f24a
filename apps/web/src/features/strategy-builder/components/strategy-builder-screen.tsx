import { MAX_STRATEGY_LEGS } from '@fnodesk/contracts';
import { formatIndianNumber } from '@fnodesk/domain';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, ButtonGroup, Form, Table } from 'react-bootstrap';
import { strikeLabel } from '../../../components/charts/echart-options';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { ChainSnapshotBody, ChainSnapshotHeader } from '../../../components/market/chain-snapshot-header';
import type { StrikeRow } from '../../../components/market/strike-rows';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { getDocument, useDocumentList, useSaveDocument } from '../../../lib/user-documents';
import {
  futureLeg,
  legsOfSaved,
  optionLeg,
  savedStrategy,
  strategyKey,
  strategySymbol,
  STRATEGY_TEMPLATES,
  templateLegs,
  type BuilderLeg,
  type StrategyTemplate,
} from '../utils/builder-legs';
import { StrategyAnalysis } from './strategy-analysis';
import { RecentringPanel } from './recentring-panel';
import { StrategyOrders } from './strategy-orders';
import { PremiumSymbolChart, type PremiumLeg } from '../../../components/market/premium-symbol-chart';

interface PickRow extends StrikeRow {
  ceLtp: number | null;
  peLtp: number | null;
}

const price = (value: number | null) => (value === null ? '–' : formatIndianNumber(value, 2));

/**
 * /pages/strategy-chart (pages brief G6): a strategy builder on the option chain. Legs come from the chain by click
 * (buy or sell a CE or PE at a strike, or the future) or from a template; each leg's side, lots and entry can be
 * changed; the payoff, greeks, breakevens and probability of profit follow; strategies are saved per user.
 */
export function StrategyBuilderScreen({
  theme,
  opened,
  ...options
}: SnapshotScreenProps & {
  /** The instrument and expiry the page was opened on (the option chain's link). */
  opened?: { name: string; expiry: string | null };
}) {
  const snapshot = useChainSnapshot({ storageKey: 'strategy-chart', ...options });
  const { chain, choose } = snapshot;
  const openedName = opened?.name;
  const openedExpiry = opened?.expiry ?? null;
  useEffect(() => {
    if (openedName !== undefined) choose({ name: openedName, expiry: openedExpiry });
  }, [choose, openedName, openedExpiry]);
  const [legs, setLegs] = useState<BuilderLeg[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [premiumShown, setPremiumShown] = useState(false);
  const premiumLegs = useMemo<PremiumLeg[]>(
    () => legs.map((leg) => ({ token: leg.token, side: leg.side, quantity: leg.lots * leg.lotSize })),
    [legs],
  );
  const saved = useDocumentList('strategy');
  const save = useSaveDocument('strategy');

  const add = (leg: BuilderLeg | null) => {
    if (leg === null) return setNotice('That leg has no price yet.');
    if (legs.length >= MAX_STRATEGY_LEGS) return setNotice(`A strategy has at most ${MAX_STRATEGY_LEGS} legs.`);
    setNotice(null);
    setLegs((current) => [...current, leg]);
  };
  const update = (id: string, patch: Partial<BuilderLeg>) =>
    setLegs((current) => current.map((leg) => (leg.id === id ? { ...leg, ...patch } : leg)));

  const rows = useMemo<PickRow[]>(
    () =>
      chain?.rows.map((row) => ({
        strike: row.strike,
        atm: row.strike === chain.atmStrike,
        ceLtp: row.ce.ltp,
        peLtp: row.pe.ltp,
      })) ?? [],
    [chain],
  );
  const columns = useMemo<DataTableColumn<PickRow>[]>(() => {
    const pick = (kind: 'CE' | 'PE'): DataTableColumn<PickRow> => ({
      id: kind.toLowerCase(),
      header: `${kind} LTP`,
      label: `${kind} LTP`,
      sortable: false,
      hideable: false,
      value: (row) => (kind === 'CE' ? row.ceLtp : row.peLtp),
      cell: (row) => (
        <span className="d-inline-flex align-items-center gap-1">
          <Button
            size="sm"
            variant="outline-success"
            className="py-0 px-1"
            aria-label={`Buy ${strikeLabel(row.strike)} ${kind}`}
            onClick={() => chain !== undefined && add(optionLeg(chain, row.strike, kind, 'BUY'))}
          >
            B
          </Button>
          <Button
            size="sm"
            variant="outline-danger"
            className="py-0 px-1"
            aria-label={`Sell ${strikeLabel(row.strike)} ${kind}`}
            onClick={() => chain !== undefined && add(optionLeg(chain, row.strike, kind, 'SELL'))}
          >
            S
          </Button>
          <span className="font-monospace">{price(kind === 'CE' ? row.ceLtp : row.peLtp)}</span>
        </span>
      ),
    });
    return [
      pick('CE'),
      {
        id: 'strike',
        header: 'Strike',
        label: 'Strike',
        rowHeader: true,
        filter: 'numeric',
        value: (row) => row.strike,
        cell: (row) => strikeLabel(row.strike),
      },
      pick('PE'),
    ];
    // `add` reads the legs; the cells are rebuilt with them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chain, legs]);

  const applyTemplate = (template: StrategyTemplate) => {
    if (chain === undefined) return;
    const picked = templateLegs(chain, template);
    if (picked === null) return setNotice(`Show more strikes to build a ${template}.`);
    setNotice(null);
    setLegs(picked);
  };
  const load = async (key: string) => {
    if (chain === undefined || key === '') return;
    const document = await getDocument('strategy', key);
    if (document === null) return setNotice('That strategy is no longer saved.');
    const loaded = legsOfSaved(document.data, chain);
    setName(document.data.name);
    setLegs(loaded);
    setNotice(
      loaded.length < document.data.legs.length ? 'Some legs are outside the strikes shown and were left out.' : null,
    );
  };

  return (
    <div className="strategy-chart d-flex flex-column gap-2">
      <ChainSnapshotHeader snapshot={snapshot} title="Strategy Chart" idPrefix="strategy-chart" legs={false}>
        <Form.Group controlId="strategy-template">
          <Form.Label className="small mb-0">Template</Form.Label>
          <Form.Select
            size="sm"
            value=""
            onChange={(event) => applyTemplate(event.currentTarget.value as StrategyTemplate)}
          >
            <option value="">Choose…</option>
            {STRATEGY_TEMPLATES.map((template) => (
              <option key={template}>{template}</option>
            ))}
          </Form.Select>
        </Form.Group>
        <div className="d-flex flex-column">
          <span className="small" id="strategy-future">
            Future
          </span>
          <ButtonGroup size="sm" aria-labelledby="strategy-future">
            <Button variant="outline-success" onClick={() => chain !== undefined && add(futureLeg(chain, 'BUY'))}>
              Buy FUT
            </Button>
            <Button variant="outline-danger" onClick={() => chain !== undefined && add(futureLeg(chain, 'SELL'))}>
              Sell FUT
            </Button>
          </ButtonGroup>
        </div>
        <Form.Group controlId="strategy-saved">
          <Form.Label className="small mb-0">Saved</Form.Label>
          <Form.Select size="sm" value="" onChange={(event) => void load(event.currentTarget.value)}>
            <option value="">{saved.isPending ? 'Loading…' : 'Open…'}</option>
            {(saved.data?.documents ?? []).map((document) => (
              <option key={document.key} value={document.key}>
                {document.name ?? document.key}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </ChainSnapshotHeader>
      <ChainSnapshotBody
        snapshot={snapshot}
        summary={[
          { label: 'ATM Strike', value: chain?.atmStrike ?? null, format: 'price' },
          { label: 'Legs', value: legs.length, format: 'quantity', testId: 'strategy-leg-count' },
        ]}
        table={{ columns, rows, page: 'strategy-chart', subject: 'option prices' }}
      >
        {notice !== null && (
          <Alert variant="warning" className="py-1 px-2 mb-0 small" role="status">
            {notice}
          </Alert>
        )}
        {legs.length === 0 ? (
          <p className="text-body-secondary mb-0">
            Pick a template, or click B (buy) or S (sell) beside a price in the chain below to add a leg.
          </p>
        ) : (
          <>
            <div className="table-responsive">
              <Table size="sm" className="mb-0 align-middle" data-testid="strategy-legs" aria-label="Strategy legs">
                <thead>
                  <tr>
                    <th>Side</th>
                    <th>Leg</th>
                    <th>Lots</th>
                    <th>Entry</th>
                    <th>IV</th>
                    <th aria-label="Remove" />
                  </tr>
                </thead>
                <tbody>
                  {legs.map((leg) => (
                    <tr key={leg.id} data-kind={leg.kind} data-side={leg.side}>
                      <td>
                        <Button
                          size="sm"
                          variant={leg.side === 'BUY' ? 'success' : 'danger'}
                          className="py-0"
                          aria-label={`${leg.side === 'BUY' ? 'Bought' : 'Sold'}: switch side`}
                          onClick={() => update(leg.id, { side: leg.side === 'BUY' ? 'SELL' : 'BUY' })}
                        >
                          {leg.side === 'BUY' ? 'B' : 'S'}
                        </Button>
                      </td>
                      <td className="text-nowrap">
                        {leg.strike === null ? 'FUT' : `${strikeLabel(leg.strike)} ${leg.kind}`}{' '}
                        <span className="small text-body-secondary">{leg.expiry}</span>
                      </td>
                      <td>
                        <Form.Control
                          size="sm"
                          type="number"
                          min={1}
                          max={1000}
                          style={{ width: '5rem' }}
                          aria-label="Lots"
                          value={leg.lots}
                          onChange={(event) => {
                            const lots = Math.trunc(Number(event.currentTarget.value));
                            if (lots >= 1 && lots <= 1000) update(leg.id, { lots });
                          }}
                        />
                      </td>
                      <td>
                        <Form.Control
                          size="sm"
                          type="number"
                          min={0}
                          step={0.05}
                          style={{ width: '6.5rem' }}
                          aria-label="Entry price"
                          value={leg.entry}
                          onChange={(event) => {
                            const entry = Number(event.currentTarget.value);
                            if (Number.isFinite(entry) && entry >= 0) update(leg.id, { entry });
                          }}
                        />
                      </td>
                      <td className="font-monospace">{leg.iv === null ? '–' : `${formatIndianNumber(leg.iv, 1)}%`}</td>
                      <td>
                        <Button
                          size="sm"
                          variant="link"
                          className="py-0"
                          aria-label="Remove leg"
                          onClick={() => setLegs((current) => current.filter((other) => other.id !== leg.id))}
                        >
                          ✕
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
            <form
              className="d-flex flex-wrap align-items-end gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                if (name.trim() === '') return;
                save.mutate({ key: strategyKey(name), data: savedStrategy(name.trim(), snapshot.choices.name, legs) });
              }}
            >
              <Form.Group controlId="strategy-name">
                <Form.Label className="small mb-0">Name</Form.Label>
                <Form.Control size="sm" maxLength={80} value={name} onChange={(e) => setName(e.currentTarget.value)} />
              </Form.Group>
              <Button size="sm" type="submit" disabled={name.trim() === '' || save.isPending}>
                Save strategy
              </Button>
              <Button size="sm" variant="outline-secondary" onClick={() => setLegs([])}>
                Clear
              </Button>
              {save.isSuccess && <span className="small text-success">Saved.</span>}
              {save.isError && <span className="small text-danger">The strategy could not be saved.</span>}
            </form>
            <StrategyOrders legs={legs} underlying={snapshot.choices.name} />
            <Form.Check
              type="switch"
              id="strategy-premium-switch"
              label="Premium chart (the strategy as a chart symbol)"
              checked={premiumShown}
              onChange={(event) => setPremiumShown(event.currentTarget.checked)}
            />
            {premiumShown && chain !== undefined && (
              <PremiumSymbolChart
                idPrefix="strategy-chart"
                symbol={strategySymbol(snapshot.choices.name, name, legs)}
                legs={premiumLegs}
                exchange="NFO"
                at={chain.at}
                theme={theme}
                {...options}
              />
            )}
            {chain !== undefined && <StrategyAnalysis legs={legs} chain={chain} theme={theme} />}
          </>
        )}
      </ChainSnapshotBody>
      {snapshot.state === 'ready' && <RecentringPanel underlying={snapshot.choices.name} />}
    </div>
  );
}
