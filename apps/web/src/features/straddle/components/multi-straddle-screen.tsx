import { formatIndianNumber, abbreviateIndianNumber } from '@fnodesk/domain';
import { useMemo, useState } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { strikeLabel } from '../../../components/charts/echart-options';
import { timeLinesOption, type TimeLine } from '../../../components/charts/time-lines-option';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { ChainSnapshotBody, ChainSnapshotHeader } from '../../../components/market/chain-snapshot-header';
import type { StrikeRow } from '../../../components/market/strike-rows';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { useSessionCandles } from '../hooks/use-pair-candles';
import { defaultStraddleStrikes, MAX_STRADDLES, straddleSessionFigures, toggleStrike } from '../utils/multi-straddle';
import { pairSeries, type PairPoint } from '../utils/premium-pairs';

// Eight distinguishable series colours that read on light and dark backgrounds.
const SERIES_COLOURS = ['#0d6efd', '#dc3545', '#198754', '#fd7e14', '#6f42c1', '#20c997', '#d63384', '#6c757d'];

interface MultiRow extends StrikeRow {
  shown: boolean;
  ceToken: number;
  peToken: number;
  series: readonly PairPoint[];
}

const price = (value: number | null) => (value === null ? '–' : formatIndianNumber(value, 2));

/**
 * /pages/multi-straddle (pages brief G6): up to eight straddles of the chosen expiry on one chart (ATM ±2 at first,
 * any strikes by their checkboxes), each with its ATP when asked, and a table of each straddle's value, change since
 * the open, ATP and combined OI.
 */
export function MultiStraddleScreen({ theme, ...options }: SnapshotScreenProps) {
  const snapshot = useChainSnapshot({ storageKey: 'multi-straddle', ...options });
  const { chain } = snapshot;
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [showAtp, setShowAtp] = useState(false);
  const strikes = useMemo(
    () =>
      chain === undefined
        ? []
        : (chosen ?? defaultStraddleStrikes(chain)).filter((strike) => chain.rows.some((row) => row.strike === strike)),
    [chain, chosen],
  );
  const tokens = useMemo(
    () =>
      chain === undefined
        ? []
        : chain.rows.filter((row) => strikes.includes(row.strike)).flatMap((row) => [row.ce.token, row.pe.token]),
    [chain, strikes],
  );
  const candles = useSessionCandles(chain, tokens);
  const { byToken } = candles;
  const rows = useMemo<MultiRow[]>(
    () =>
      chain?.rows.map((row) => {
        const shown = strikes.includes(row.strike);
        return {
          strike: row.strike,
          atm: row.strike === chain.atmStrike,
          shown,
          ceToken: row.ce.token,
          peToken: row.pe.token,
          series: shown ? pairSeries(byToken.get(row.ce.token) ?? [], byToken.get(row.pe.token) ?? []) : [],
        };
      }) ?? [],
    [chain, strikes, byToken],
  );

  const columns = useMemo<DataTableColumn<MultiRow>[]>(() => {
    const figure = (
      id: string,
      header: string,
      pick: (f: ReturnType<typeof straddleSessionFigures>) => number | null,
      quantity = false,
    ): DataTableColumn<MultiRow> => ({
      id,
      header,
      label: `Straddle ${header}`,
      filter: 'numeric',
      value: (row) => {
        const value = pick(straddleSessionFigures(row.series));
        return value === null ? null : Math.round(value * 100) / 100;
      },
      cell: (row) => {
        const value = row.shown ? pick(straddleSessionFigures(row.series)) : null;
        return value === null ? '–' : quantity ? abbreviateIndianNumber(value) : price(value);
      },
    });
    return [
      {
        id: 'shown',
        header: 'Show',
        label: 'Show on the chart',
        sortable: false,
        hideable: false,
        value: (row) => (row.shown ? 1 : 0),
        cell: (row) => (
          <Form.Check
            aria-label={`Show the ${strikeLabel(row.strike)} straddle`}
            checked={row.shown}
            disabled={!row.shown && strikes.length >= MAX_STRADDLES}
            onChange={() => setChosen(toggleStrike(strikes, row.strike))}
          />
        ),
      },
      {
        id: 'strike',
        header: 'Strike',
        label: 'Strike',
        rowHeader: true,
        filter: 'numeric',
        value: (row) => row.strike,
        cell: (row) => strikeLabel(row.strike),
      },
      figure('last', 'Value', (f) => f.last),
      figure('open', 'Open', (f) => f.open),
      figure('sinceOpen', 'Since Open', (f) => f.sinceOpen),
      figure('atp', 'ATP', (f) => f.atp),
      figure('oi', 'CE + PE OI', (f) => f.oi, true),
    ];
  }, [strikes]);

  const option = useMemo(() => {
    const shown = rows.filter((row) => row.shown);
    const lines: TimeLine[] = shown.flatMap((row, i) => {
      const colour = SERIES_COLOURS[i % SERIES_COLOURS.length]!;
      const name = strikeLabel(row.strike);
      return [
        { name, points: row.series.map((p) => [p.t, p.value] as const), colour },
        ...(showAtp
          ? [{ name: `${name} ATP`, points: row.series.map((p) => [p.t, p.atp] as const), colour, dashed: true }]
          : []),
      ];
    });
    return timeLinesOption({ lines, theme, formatValue: (value) => formatIndianNumber(value, 2) });
  }, [rows, showAtp, theme]);

  const atmRow = rows.find((row) => row.atm);
  const atmLast = atmRow === undefined ? undefined : atmRow.series.at(-1);
  return (
    <div className="multi-straddle d-flex flex-column gap-2">
      <ChainSnapshotHeader snapshot={snapshot} title="Multi Straddle" idPrefix="multi-straddle" legs={false}>
        <Form.Check
          id="multi-straddle-atp"
          type="switch"
          label="ATP"
          className="small mb-1"
          checked={showAtp}
          onChange={(event) => setShowAtp(event.currentTarget.checked)}
        />
      </ChainSnapshotHeader>
      <ChainSnapshotBody
        snapshot={snapshot}
        what="the straddles"
        summary={[
          { label: 'Straddles Shown', value: strikes.length, format: 'quantity', testId: 'multi-straddle-count' },
          { label: 'ATM Straddle', value: atmLast?.value ?? null, format: 'price' },
        ]}
        table={{ columns, rows, page: 'multi-straddle', subject: 'straddles' }}
      >
        {candles.error ? (
          <p className="text-danger small mb-0">The straddles’ candles could not be loaded.</p>
        ) : candles.loading ? (
          <Spinner animation="border" size="sm" role="status" aria-label="Loading the straddles" />
        ) : strikes.length === 0 ? (
          <p className="text-body-secondary small mb-0">Tick a strike below to draw its straddle.</p>
        ) : (
          <>
            <p
              className="visually-hidden"
              data-testid="multi-straddle-atm-last"
              data-t={atmLast?.t}
              data-ce={atmLast?.ce}
              data-pe={atmLast?.pe}
              data-value={atmLast?.value}
            >
              ATM straddle {price(atmLast?.value ?? null)}
            </p>
            <ChartPanel
              title={`${chain?.name ?? ''} straddles`}
              option={option}
              theme={theme}
              ariaLabel="Several straddles of the expiry over the session"
              height={400}
            />
          </>
        )}
      </ChainSnapshotBody>
    </div>
  );
}
