import { chartPalette } from '@fnodesk/charts';
import { formatIndianNumber, istDateOf, istInstant } from '@fnodesk/domain';
import { useMemo, useState } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { strikeLabel } from '../../../components/charts/echart-options';
import { timeLinesOption } from '../../../components/charts/time-lines-option';
import { ChainSnapshotBody, ChainSnapshotHeader } from '../../../components/market/chain-snapshot-header';
import { LEG_COLOURS } from '../../../components/market/leg-colours';
import { ChoiceButtons } from '../../../components/market/page-header';
import { PremiumSymbolChart, type PremiumLeg } from '../../../components/market/premium-symbol-chart';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { useLegOpens, usePairCandles } from '../hooks/use-pair-candles';
import { pairSeries, pnlFromEntry, premiumPairRows, type PairPosition } from '../utils/premium-pairs';
import { chartedPairOf, pairSymbol } from '../utils/charted-pair';
import { pairColumns } from '../utils/pair-columns';

/** The ratios offered, CE lots : PE lots. */
const RATIOS = ['1:1', '1:2', '2:1', '1:3', '3:1', '2:3', '3:2'] as const;
type Ratio = (typeof RATIOS)[number];
const SIDES = ['Sell', 'Buy'] as const;
type Side = (typeof SIDES)[number];

const lotsOf = (ratio: Ratio) => ratio.split(':').map(Number) as [number, number];
const price = (value: number | null | undefined) => (value == null ? '–' : formatIndianNumber(value, 2));

/**
 * /pages/custom-strangle (pages brief G6): any CE strike with any PE strike of any expiry, in a ratio of lots, as
 * one premium symbol (candles with ATP, indicators and drawings), both legs with their OI, and the position's P&L
 * from an entry time, bought or sold.
 */
export function CustomStrangleScreen({ theme, ...options }: SnapshotScreenProps) {
  const snapshot = useChainSnapshot({ storageKey: 'custom-strangle', ...options });
  const { chain } = snapshot;
  const [strikes, setStrikes] = useState<{ ce: number | null; pe: number | null }>({ ce: null, pe: null });
  const [ratio, setRatio] = useState<Ratio>('1:1');
  const [side, setSide] = useState<Side>('Sell');
  const [entryTime, setEntryTime] = useState('09:20');
  const [ceLots, peLots] = lotsOf(ratio);
  const opens = useLegOpens(chain);
  const rows = useMemo(() => (chain === undefined ? [] : premiumPairRows(chain, 'strangle', opens)), [chain, opens]);
  const columns = useMemo(() => pairColumns('strangle'), []);

  const centre = chain === undefined ? -1 : chain.rows.findIndex((row) => row.strike === chain.atmStrike);
  const near = (offset: number) => chain?.rows[Math.max(0, Math.min(chain.rows.length - 1, centre + offset))]?.strike;
  const shown = (strike: number | null) =>
    strike !== null && chain?.rows.some((row) => row.strike === strike) ? strike : null;
  const ceStrike = shown(strikes.ce) ?? near(2) ?? null;
  const peStrike = shown(strikes.pe) ?? near(-2) ?? null;
  const pair =
    chain === undefined || ceStrike === null || peStrike === null
      ? null
      : chartedPairOf(chain, snapshot.expiry?.formattedDate ?? '', ceStrike, peStrike);
  const legs = useMemo<PremiumLeg[]>(
    () =>
      pair === null
        ? []
        : [
            { token: pair.ceToken, side: 'BUY', quantity: ceLots },
            { token: pair.peToken, side: 'BUY', quantity: peLots },
          ],
    [pair?.ceToken, pair?.peToken, ceLots, peLots], // eslint-disable-line react-hooks/exhaustive-deps -- the tokens name the legs
  );
  const candles = usePairCandles(chain, pair?.ceToken ?? 0, pair?.peToken ?? 0);
  const series = useMemo(() => pairSeries(candles.ce, candles.pe), [candles.ce, candles.pe]);
  const position: PairPosition = {
    side: side === 'Buy' ? 'BUY' : 'SELL',
    ceLots,
    peLots,
    lotSize: chain?.optData[0]?.lotSize ?? 1,
  };
  const entryAt = chain === undefined ? null : istInstant(istDateOf(chain.at), entryTime);
  const pnl = useMemo(
    () => (entryAt === null ? [] : pnlFromEntry(series, entryAt, position)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the position is its four fields
    [series, entryAt, position.side, position.ceLots, position.peLots, position.lotSize],
  );
  const lastPnl = pnl.at(-1);
  const entryPoint = pnl[0] === undefined ? undefined : series.find((p) => p.t === pnl[0]!.t);
  const entryPremium = entryPoint === undefined ? null : ceLots * entryPoint.ce + peLots * entryPoint.pe;
  const palette = chartPalette(theme);
  const legsOption = useMemo(
    () =>
      timeLinesOption({
        theme,
        formatValue: (value) => formatIndianNumber(value, 2),
        lines: [
          { name: 'CE', points: series.map((p) => [p.t, p.ce]), colour: LEG_COLOURS.ce },
          { name: 'PE', points: series.map((p) => [p.t, p.pe]), colour: LEG_COLOURS.pe },
          {
            name: 'CE OI',
            points: series.map((p) => [p.t, p.ceOi]),
            colour: LEG_COLOURS.ce,
            dashed: true,
            rightAxis: true,
          },
          {
            name: 'PE OI',
            points: series.map((p) => [p.t, p.peOi]),
            colour: LEG_COLOURS.pe,
            dashed: true,
            rightAxis: true,
          },
        ],
      }),
    [series, theme],
  );
  const pnlOption = useMemo(
    () =>
      timeLinesOption({
        theme,
        formatValue: (value) => `₹${formatIndianNumber(value, 0)}`,
        lines: [{ name: 'P&L', points: pnl.map((p) => [p.t, p.pnl]), colour: palette.text }],
      }),
    [pnl, theme, palette.text],
  );

  const strikeSelect = (leg: 'ce' | 'pe', label: string, value: number | null) => (
    <Form.Group controlId={`custom-strangle-${leg}-strike`}>
      <Form.Label className="small mb-0">{label}</Form.Label>
      <Form.Select
        size="sm"
        value={value ?? ''}
        disabled={chain === undefined}
        onChange={(event) => {
          // Read before the updater runs: React clears the event's target after the handler.
          const strike = Number(event.currentTarget.value);
          setStrikes((s) => ({ ...s, [leg]: strike }));
        }}
      >
        {(chain?.rows ?? []).map((row) => (
          <option key={row.strike} value={row.strike}>
            {strikeLabel(row.strike)}
            {row.strike === chain?.atmStrike ? ' (ATM)' : ''}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
  const symbol = pair === null ? 'Custom Strangle' : pairSymbol(pair);

  return (
    <div className="custom-strangle-page d-flex flex-column gap-2">
      <ChainSnapshotHeader snapshot={snapshot} title="Custom Strangle" idPrefix="custom-strangle" legs={false}>
        {strikeSelect('ce', 'CE Strike', ceStrike)}
        {strikeSelect('pe', 'PE Strike', peStrike)}
        <Form.Group controlId="custom-strangle-ratio">
          <Form.Label className="small mb-0">Ratio (CE:PE lots)</Form.Label>
          <Form.Select size="sm" value={ratio} onChange={(event) => setRatio(event.currentTarget.value as Ratio)}>
            {RATIOS.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </Form.Select>
        </Form.Group>
        <ChoiceButtons
          id="custom-strangle-side"
          label="Position"
          choice={{ options: SIDES, value: side, onChange: setSide }}
        />
        <Form.Group controlId="custom-strangle-entry">
          <Form.Label className="small mb-0">Entry time</Form.Label>
          <Form.Control
            size="sm"
            type="time"
            min="09:15"
            max="15:30"
            value={entryTime}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (/^\d{2}:\d{2}$/.test(value)) setEntryTime(value);
            }}
          />
        </Form.Group>
      </ChainSnapshotHeader>
      <ChainSnapshotBody
        snapshot={snapshot}
        what="the strangles"
        summary={[
          { label: 'ATM Strike', value: chain?.atmStrike ?? null, format: 'price' },
          {
            label: `Premium (${ratio})`,
            value: series.at(-1)?.value === undefined ? null : ceLots * series.at(-1)!.ce + peLots * series.at(-1)!.pe,
            format: 'price',
            testId: 'custom-strangle-premium',
          },
          {
            label: `P&L since ${entryTime} (${side})`,
            value: lastPnl?.pnl ?? null,
            format: 'price',
            signed: true,
            testId: 'custom-strangle-pnl',
          },
        ]}
        table={{ columns, rows, page: 'custom-strangle', subject: 'strangle premium' }}
      >
        {chain !== undefined && pair !== null && (
          <>
            <PremiumSymbolChart
              idPrefix="custom-strangle"
              symbol={ratio === '1:1' ? symbol : `${symbol} (${ratio})`}
              legs={legs}
              exchange="NFO"
              at={chain.at}
              theme={theme}
              {...options}
            />
            {candles.error ? (
              <p className="text-danger small mb-0">The legs’ candles could not be loaded.</p>
            ) : candles.loading ? (
              <Spinner animation="border" size="sm" role="status" aria-label="Loading the legs" />
            ) : series.length === 0 ? (
              <p className="text-body-secondary small mb-0">No trades yet in this session for both legs.</p>
            ) : (
              <div className="row g-2">
                <div className="col-12 col-lg-6">
                  <ChartPanel
                    title={`Legs and OI: ${strikeLabel(pair.ceStrike)} CE, ${strikeLabel(pair.peStrike)} PE`}
                    option={legsOption}
                    theme={theme}
                    ariaLabel="Both legs' prices over the session, with their open interest on the right axis"
                    height={300}
                  />
                </div>
                <div className="col-12 col-lg-6">
                  {pnl.length === 0 ? (
                    <p className="text-body-secondary small mb-0">
                      No candle yet at or after the entry time {entryTime}.
                    </p>
                  ) : (
                    <>
                      <p
                        className="small mb-0"
                        data-testid="custom-strangle-entry-pnl"
                        data-entry-t={pnl[0]!.t}
                        data-t={lastPnl?.t}
                        data-pnl={lastPnl?.pnl}
                      >
                        {side === 'Sell' ? 'Sold' : 'Bought'} at {price(entryPremium)}({ratio}, lot {position.lotSize});
                        P&L now ₹{formatIndianNumber(lastPnl?.pnl ?? 0, 0)}
                      </p>
                      <ChartPanel
                        title={`P&L since ${entryTime}`}
                        option={pnlOption}
                        theme={theme}
                        ariaLabel={`The position's P&L in rupees since ${entryTime}`}
                        height={280}
                      />
                    </>
                  )}
                </div>
              </div>
            )}
          </>
        )}
      </ChainSnapshotBody>
    </div>
  );
}
