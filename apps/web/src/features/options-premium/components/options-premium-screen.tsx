import { formatIndianNumber } from '@fnodesk/domain';
import { useMemo, useState } from 'react';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { strikeBarsOption, strikeLabel, type StrikeBarSeries } from '../../../components/charts/echart-options';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { ChainSnapshotBody, ChainSnapshotHeader } from '../../../components/market/chain-snapshot-header';
import { ChoiceButtons } from '../../../components/market/page-header';
import { LEG_COLOURS } from '../../../components/market/leg-colours';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { premiumRows, premiumUnderlying, type PremiumBasis, type PremiumRow } from '../utils/premium-split';

const rupees = (value: number | null) => (value === null ? '–' : formatIndianNumber(value, 2));
const BASES: readonly PremiumBasis[] = ['Spot', 'Fut'];
// Intrinsic parts are lighter shades of their leg's colour; the time value carries the leg's own colour.
const SERIES_COLOURS = {
  ceIntrinsic: '#f1aeb5',
  ceTime: LEG_COLOURS.ce,
  peIntrinsic: '#a3cfbb',
  peTime: LEG_COLOURS.pe,
};

function legColumns(side: 'ce' | 'pe'): DataTableColumn<PremiumRow>[] {
  const group = side === 'ce' ? 'Calls' : 'Puts';
  const part = (field: 'ltp' | 'intrinsic' | 'time', header: string): DataTableColumn<PremiumRow> => ({
    id: `${side}.${field}`,
    header,
    label: `${group} ${header}`,
    group,
    filter: 'numeric',
    value: (row) => {
      const value = row[side][field];
      return value === null ? null : Math.round(value * 100) / 100;
    },
    cell: (row) => rupees(row[side][field]),
  });
  return [part('ltp', 'LTP'), part('intrinsic', 'Intrinsic'), part('time', 'Time Value')];
}

const STRIKE_COLUMN: DataTableColumn<PremiumRow> = {
  id: 'strike',
  header: 'Strike',
  label: 'Strike',
  filter: 'numeric',
  rowHeader: true,
  value: (row) => row.strike,
  cell: (row) => strikeLabel(row.strike),
};

/**
 * /pages/options-premium: each strike's premium as stacked bars of CE-Intrinsic, CE-Time, PE-Intrinsic and PE-Time
 * (each toggled from the legend; intrinsic hidden at first), measured from the spot or the forward, with the ATM
 * straddle's time value and the same figures as a table.
 */
export function OptionsPremiumScreen({ theme, ...options }: SnapshotScreenProps) {
  const snapshot = useChainSnapshot({ storageKey: 'options-premium', ...options });
  const { chain, choices } = snapshot;
  const [basis, setBasis] = useState<PremiumBasis>('Spot');
  const rows = useMemo(() => (chain === undefined ? [] : premiumRows(chain, basis)), [chain, basis]);
  const atm = rows.find((row) => row.atm) ?? null;

  const option = useMemo(() => {
    if (chain === undefined) return null;
    const values = (pick: (row: PremiumRow) => number | null) => rows.map(pick);
    const series: StrikeBarSeries[] = [
      ...(choices.ce
        ? [
            {
              name: 'CE-Intrinsic',
              values: values((row) => row.ce.intrinsic),
              colour: SERIES_COLOURS.ceIntrinsic,
              stack: 'CE',
            },
            { name: 'CE-Time', values: values((row) => row.ce.time), colour: SERIES_COLOURS.ceTime, stack: 'CE' },
          ]
        : []),
      ...(choices.pe
        ? [
            {
              name: 'PE-Intrinsic',
              values: values((row) => row.pe.intrinsic),
              colour: SERIES_COLOURS.peIntrinsic,
              stack: 'PE',
            },
            { name: 'PE-Time', values: values((row) => row.pe.time), colour: SERIES_COLOURS.peTime, stack: 'PE' },
          ]
        : []),
    ];
    const bars = strikeBarsOption({
      strikes: rows.map((row) => row.strike),
      series,
      atmStrike: chain.atmStrike,
      theme,
      formatValue: (value) => formatIndianNumber(value, 2),
      legend: true,
    });
    // The vendor's page opens with the intrinsic parts hidden; the legend toggles each part.
    return {
      ...bars,
      legend: { ...(bars['legend'] as object), selected: { 'CE-Intrinsic': false, 'PE-Intrinsic': false } },
    };
  }, [chain, rows, choices.ce, choices.pe, theme]);

  const columns = useMemo(
    () => [...(choices.ce ? legColumns('ce').reverse() : []), STRIKE_COLUMN, ...(choices.pe ? legColumns('pe') : [])],
    [choices.ce, choices.pe],
  );
  const straddleTime = atm === null || atm.ce.time === null || atm.pe.time === null ? null : atm.ce.time + atm.pe.time;

  return (
    <div className="options-premium d-flex flex-column gap-2">
      <ChainSnapshotHeader snapshot={snapshot} title="Options Premium" idPrefix="options-premium">
        <ChoiceButtons
          id="options-premium-basis"
          label="Intrinsic from"
          choice={{ options: BASES, value: basis, onChange: setBasis }}
        />
      </ChainSnapshotHeader>
      <ChainSnapshotBody
        snapshot={snapshot}
        table={{ columns, rows, page: 'options-premium', subject: 'option premium' }}
        summary={[
          {
            label: basis === 'Spot' ? 'Spot' : 'Forward',
            value: chain === undefined ? null : premiumUnderlying(chain, basis),
            format: 'price',
            testId: 'premium-underlying',
          },
          { label: 'ATM Strike', value: atm?.strike ?? null, format: 'price' },
          { label: 'ATM CE Time Value', value: atm?.ce.time ?? null, format: 'price', testId: 'atm-ce-time' },
          { label: 'ATM PE Time Value', value: atm?.pe.time ?? null, format: 'price', testId: 'atm-pe-time' },
          { label: 'ATM Straddle Time Value', value: straddleTime, format: 'price' },
        ]}
      >
        {option !== null && (
          <ChartPanel
            title="Premium by strike"
            option={option}
            theme={theme}
            ariaLabel="Intrinsic and time value of calls and puts by strike"
            height={360}
          />
        )}
      </ChainSnapshotBody>
    </div>
  );
}
