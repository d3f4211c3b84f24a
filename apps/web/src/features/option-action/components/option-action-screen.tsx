import { abbreviateIndianNumber, BUILD_UP_STYLES, formatIndianNumber } from '@fnodesk/domain';
import { useMemo } from 'react';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { strikeBarsOption, strikeLabel, type StrikeBarSeries } from '../../../components/charts/echart-options';
import { ChainSnapshotBody, ChainSnapshotHeader } from '../../../components/market/chain-snapshot-header';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { LEG_COLOURS } from '../../../components/market/leg-colours';
import { chainTotals, maxOiStrike } from '../../../lib/market/chain-totals';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { optionActionRows, type ActionLeg, type ActionRow } from '../utils/option-action-rows';

type LegField = 'ltp' | 'volume' | 'oi' | 'oiChange';

/** The four panels of the page, in the brief's order. */
const PANELS: readonly { field: LegField; title: string; format: (value: number) => string }[] = [
  { field: 'ltp', title: 'Price', format: (value) => formatIndianNumber(value, 2) },
  { field: 'volume', title: 'Volume', format: abbreviateIndianNumber },
  { field: 'oi', title: 'OI', format: abbreviateIndianNumber },
  { field: 'oiChange', title: 'OI Chg', format: abbreviateIndianNumber },
];

const quantity = (value: number | null) =>
  value === null ? '–' : Math.abs(value) < 1000 ? formatIndianNumber(value, 0) : abbreviateIndianNumber(value);

function legColumns(side: 'ce' | 'pe'): DataTableColumn<ActionRow>[] {
  const group = side === 'ce' ? 'Calls' : 'Puts';
  const leg = (row: ActionRow): ActionLeg => row[side];
  return [
    {
      id: `${side}.ltp`,
      header: 'LTP',
      label: `${group} LTP`,
      group,
      filter: 'numeric',
      value: (row) => leg(row).ltp,
      cell: (row) => (leg(row).ltp === null ? '–' : formatIndianNumber(leg(row).ltp!, 2)),
    },
    {
      id: `${side}.volume`,
      header: 'Volume',
      label: `${group} Volume`,
      group,
      filter: 'numeric',
      value: (row) => leg(row).volume,
      cell: (row) => quantity(leg(row).volume),
    },
    {
      id: `${side}.oi`,
      header: 'OI',
      label: `${group} OI`,
      group,
      filter: 'numeric',
      value: (row) => leg(row).oi,
      cell: (row) => quantity(leg(row).oi),
    },
    {
      id: `${side}.oiChange`,
      header: 'OI Chg',
      label: `${group} OI Chg`,
      group,
      filter: 'numeric',
      value: (row) => leg(row).oiChange,
      cell: (row) => quantity(leg(row).oiChange),
      cellClassName: (row) => {
        const change = leg(row).oiChange;
        return change === null || change === 0 ? '' : change > 0 ? 'text-success' : 'text-danger';
      },
    },
    {
      id: `${side}.buildUp`,
      header: 'Build-up',
      label: `${group} Build-up`,
      group,
      filter: 'text',
      value: (row) => BUILD_UP_STYLES[leg(row).buildUp].label,
      cell: (row) => {
        const style = BUILD_UP_STYLES[leg(row).buildUp];
        return (
          <span className={`badge text-bg-${style.tone}`} title={style.label}>
            {style.short}
          </span>
        );
      },
    },
  ];
}

const STRIKE_COLUMN: DataTableColumn<ActionRow> = {
  id: 'strike',
  header: 'Strike',
  label: 'Strike',
  filter: 'numeric',
  rowHeader: true,
  value: (row) => row.strike,
  cell: (row) => strikeLabel(row.strike),
  cellClassName: () => 'fw-semibold',
};

/**
 * /pages/option-action: an expiry's strikes around ATM as four grouped-bar panels (Price, Volume, OI, OI Chg; calls
 * red, puts green, ATM dashed, the call wall marked Resistance and the put wall Support, max pain) with each leg's
 * build-up in the tooltip, the summary cards, and the same figures as a table.
 */
export function OptionActionScreen({ theme, ...options }: SnapshotScreenProps) {
  const snapshot = useChainSnapshot({ storageKey: 'option-action', ...options });
  const { chain, choices } = snapshot;
  const rows = useMemo(() => (chain === undefined ? [] : optionActionRows(chain)), [chain]);
  const totals = useMemo(() => chainTotals(chain?.rows ?? [], (leg) => leg.oiChange), [chain]);
  const resistance = useMemo(() => maxOiStrike(chain?.rows ?? [], 'ce'), [chain]);
  const support = useMemo(() => maxOiStrike(chain?.rows ?? [], 'pe'), [chain]);

  const panels = useMemo(() => {
    if (chain === undefined) return [];
    const strikes = rows.map((row) => row.strike);
    const marks = [
      ...(resistance === null ? [] : [{ strike: resistance, label: 'Resistance', colour: LEG_COLOURS.ce }]),
      ...(support === null ? [] : [{ strike: support, label: 'Support', colour: LEG_COLOURS.pe }]),
      ...(chain.summary.maxPainStrike === null || !strikes.includes(chain.summary.maxPainStrike)
        ? []
        : [{ strike: chain.summary.maxPainStrike, label: 'Max Pain', colour: '#6f42c1' }]),
    ];
    const buildUps = (index: number) => {
      const row = rows[index];
      if (row === undefined) return [];
      return [
        `CE build-up: ${BUILD_UP_STYLES[row.ce.buildUp].label}`,
        `PE build-up: ${BUILD_UP_STYLES[row.pe.buildUp].label}`,
      ];
    };
    return PANELS.map((panel) => {
      const series: StrikeBarSeries[] = [
        ...(choices.ce
          ? [{ name: `CE ${panel.title}`, values: rows.map((row) => row.ce[panel.field]), colour: LEG_COLOURS.ce }]
          : []),
        ...(choices.pe
          ? [{ name: `PE ${panel.title}`, values: rows.map((row) => row.pe[panel.field]), colour: LEG_COLOURS.pe }]
          : []),
      ];
      return {
        title: panel.title,
        option: strikeBarsOption({
          strikes,
          series,
          atmStrike: chain.atmStrike,
          marks: panel.field === 'oi' ? marks : [],
          theme,
          formatValue: panel.format,
          tooltipLines: buildUps,
        }),
      };
    });
  }, [chain, rows, choices.ce, choices.pe, resistance, support, theme]);

  const columns = useMemo(
    () => [...(choices.ce ? legColumns('ce').reverse() : []), STRIKE_COLUMN, ...(choices.pe ? legColumns('pe') : [])],
    [choices.ce, choices.pe],
  );

  return (
    <div className="option-action d-flex flex-column gap-2">
      <ChainSnapshotHeader snapshot={snapshot} title="Option Action" idPrefix="option-action" />
      <ChainSnapshotBody
        snapshot={snapshot}
        table={{ columns, rows, page: 'option-action', subject: 'option action' }}
        summary={[
          { label: 'Spot', value: chain?.summary.spot ?? null, format: 'price' },
          { label: 'Total CE OI', value: totals.ceOi, format: 'quantity', testId: 'total-ce-oi' },
          { label: 'Total PE OI', value: totals.peOi, format: 'quantity', testId: 'total-pe-oi' },
          { label: 'Total CE OI Chg', value: totals.ceOiChange, format: 'quantity', signed: true },
          { label: 'Total PE OI Chg', value: totals.peOiChange, format: 'quantity', signed: true },
          { label: 'PCR', value: totals.pcr, format: 'ratio', testId: 'pcr' },
          { label: 'Resistance', value: resistance, format: 'price', testId: 'resistance' },
          { label: 'Support', value: support, format: 'price', testId: 'support' },
        ]}
      >
        <div className="row g-2">
          {panels.map((panel) => (
            <ChartPanel
              key={panel.title}
              className="col-12 col-xl-6"
              title={panel.title}
              option={panel.option}
              theme={theme}
              ariaLabel={`${panel.title} by strike, calls and puts`}
              height={280}
            />
          ))}
        </div>
      </ChainSnapshotBody>
    </div>
  );
}
