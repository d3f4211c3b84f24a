import { chartPalette } from '@fnodesk/charts';
import type { OptionChain } from '@fnodesk/contracts';
import { formatIndianNumber } from '@fnodesk/domain';
import { useMemo, useState } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { strikeLabel } from '../../../components/charts/echart-options';
import { timeLinesOption } from '../../../components/charts/time-lines-option';
import { ChainSnapshotBody, ChainSnapshotHeader } from '../../../components/market/chain-snapshot-header';
import { LEG_COLOURS } from '../../../components/market/leg-colours';
import { ChoiceButtons } from '../../../components/market/page-header';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { useLegOpens, usePairCandles } from '../hooks/use-pair-candles';
import { pairColumns, type PairKind } from '../utils/pair-columns';
import { pairLabel, pairSeries, premiumPairRows, type PremiumPairRow } from '../utils/premium-pairs';

const VIEWS = ['Table', 'Chart'] as const;
type View = (typeof VIEWS)[number];

const price = (value: number | null) => (value === null ? '–' : formatIndianNumber(value, 2));

/**
 * /pages/straddle and /pages/strangle (pages brief G6): each straddle (or strangle) around ATM with its call, put and
 * combined premium and their changes since the previous close and since the open, and a chart of one pair's
 * combined premium over the session with its ATP (Σ leg ATP).
 */
export function PremiumPairsScreen({ kind, theme, ...options }: SnapshotScreenProps & { kind: PairKind }) {
  const snapshot = useChainSnapshot({ storageKey: kind, ...options });
  const { chain } = snapshot;
  const title = kind === 'straddle' ? 'Straddle' : 'Strangle';
  const [view, setView] = useState<View>('Table');
  const [chosen, setChosen] = useState<string | null>(null);
  const opens = useLegOpens(chain);
  const rows = useMemo(() => (chain === undefined ? [] : premiumPairRows(chain, kind, opens)), [chain, kind, opens]);
  const columns = useMemo(() => pairColumns(kind), [kind]);
  const atm = rows.find((row) => row.atm) ?? null;
  const cheapest = rows.reduce<PremiumPairRow | null>(
    (best, row) =>
      row.combined.ltp !== null && (best === null || best.combined.ltp === null || row.combined.ltp < best.combined.ltp)
        ? row
        : best,
    null,
  );
  const pair = rows.find((row) => pairLabel(row, String) === chosen) ?? atm;

  return (
    <div className={`${kind}-page d-flex flex-column gap-2`}>
      <ChainSnapshotHeader snapshot={snapshot} title={`${title} Table and Charts`} idPrefix={kind} legs={false}>
        <ChoiceButtons id={`${kind}-view`} label="View" choice={{ options: VIEWS, value: view, onChange: setView }} />
      </ChainSnapshotHeader>
      <ChainSnapshotBody
        snapshot={snapshot}
        what={`the ${kind}s`}
        summary={[
          { label: 'ATM Strike', value: atm?.strike ?? null, format: 'price' },
          { label: `ATM ${title}`, value: atm?.combined.ltp ?? null, format: 'price', testId: `${kind}-atm-value` },
          { label: `ATM ${title} ATP`, value: atm?.combined.atp ?? null, format: 'price' },
          {
            label: `Cheapest ${title}${cheapest === null ? '' : ` (${pairLabel(cheapest, strikeLabel)})`}`,
            value: cheapest?.combined.ltp ?? null,
            format: 'price',
          },
        ]}
        table={{ columns, rows, page: kind, subject: `${kind} premium` }}
      >
        {view === 'Chart' && chain !== undefined && pair !== null && (
          <PairChart
            kind={kind}
            theme={theme}
            chain={chain}
            pair={pair}
            rows={rows}
            onChoose={(label) => setChosen(label)}
          />
        )}
      </ChainSnapshotBody>
    </div>
  );
}

function PairChart({
  kind,
  theme,
  chain,
  pair,
  rows,
  onChoose,
}: {
  kind: PairKind;
  theme: SnapshotScreenProps['theme'];
  chain: OptionChain;
  pair: PremiumPairRow;
  rows: readonly PremiumPairRow[];
  onChoose: (label: string) => void;
}) {
  const title = kind === 'straddle' ? 'Straddle' : 'Strangle';
  const candles = usePairCandles(chain, pair.ceToken, pair.peToken);
  const series = useMemo(() => pairSeries(candles.ce, candles.pe), [candles.ce, candles.pe]);
  const last = series.at(-1);
  const option = useMemo(() => {
    const palette = chartPalette(theme);
    return timeLinesOption({
      theme,
      formatValue: (value) => formatIndianNumber(value, 2),
      lines: [
        { name: title, points: series.map((p) => [p.t, p.value]), colour: palette.text },
        { name: 'ATP', points: series.map((p) => [p.t, p.atp]), colour: palette.atp, dashed: true },
        { name: 'CE', points: series.map((p) => [p.t, p.ce]), colour: LEG_COLOURS.ce },
        { name: 'PE', points: series.map((p) => [p.t, p.pe]), colour: LEG_COLOURS.pe },
      ],
    });
  }, [series, theme, title]);
  const label = pairLabel(pair, strikeLabel);
  return (
    <div className="d-flex flex-column gap-1">
      <Form.Group controlId={`${kind}-chart-pair`} className="d-flex align-items-center gap-2">
        <Form.Label className="small mb-0">{kind === 'straddle' ? 'Strike' : 'Strikes'}</Form.Label>
        <Form.Select
          size="sm"
          style={{ maxWidth: '12rem' }}
          value={pairLabel(pair, String)}
          onChange={(event) => onChoose(event.target.value)}
        >
          {rows.map((row) => (
            <option key={pairLabel(row, String)} value={pairLabel(row, String)}>
              {pairLabel(row, strikeLabel)}
              {row.atm ? ' (ATM)' : ''}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {candles.error ? (
        <p className="text-danger small mb-0">The {kind}’s candles could not be loaded.</p>
      ) : candles.loading ? (
        <Spinner animation="border" size="sm" role="status" aria-label={`Loading the ${kind} chart`} />
      ) : series.length === 0 ? (
        <p className="text-body-secondary small mb-0">No trades yet in this session for {label}.</p>
      ) : (
        <>
          <p
            className="small mb-0"
            data-testid={`${kind}-last-candle`}
            data-t={last?.t}
            data-ce={last?.ce}
            data-pe={last?.pe}
            data-value={last?.value}
          >
            {title} {label} at the last candle: {price(last?.value ?? null)} (CE {price(last?.ce ?? null)} + PE{' '}
            {price(last?.pe ?? null)}), ATP {price(last?.atp ?? null)}
          </p>
          <ChartPanel
            title={`${chain.name} ${label} ${title}`}
            option={option}
            theme={theme}
            ariaLabel={`${title} premium of ${label} over the session, with its ATP and both legs`}
            height={360}
          />
        </>
      )}
    </div>
  );
}
