import { abbreviateIndianNumber, formatIndianNumber, OI_CHANGE_WINDOWS, type OiChangeWindow } from '@fnodesk/domain';
import { useMemo, useState } from 'react';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { gaugeOption, strikeBarsOption, strikeLabel } from '../../../components/charts/echart-options';
import type { DataTableColumn } from '../../../components/data-table/data-table-columns';
import { ChainSnapshotBody, ChainSnapshotHeader } from '../../../components/market/chain-snapshot-header';
import { ChoiceButtons } from '../../../components/market/page-header';
import { LEG_COLOURS } from '../../../components/market/leg-colours';
import { chainTotals } from '../../../lib/market/chain-totals';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { useOpenOi } from '../hooks/use-open-oi';
import { optionOiRows, windowOiChange, type OiRow } from '../utils/option-oi-rows';

const quantity = (value: number | null) =>
  value === null ? '–' : Math.abs(value) < 1000 ? formatIndianNumber(value, 0) : abbreviateIndianNumber(value);
const signedTone = (value: number | null) =>
  value === null || value === 0 ? '' : value > 0 ? 'text-success' : 'text-danger';

function oiColumn(
  id: keyof Omit<OiRow, 'strike' | 'atm' | 'pcr'>,
  header: string,
  label: string,
  group: string,
  signed: boolean,
): DataTableColumn<OiRow> {
  return {
    id,
    header,
    label,
    group,
    filter: 'numeric',
    value: (row) => row[id],
    cell: (row) => quantity(row[id]),
    ...(signed ? { cellClassName: (row: OiRow) => signedTone(row[id]) } : {}),
  };
}

const COLUMNS: DataTableColumn<OiRow>[] = [
  oiColumn('ceOiChange', 'OI Chg', 'Calls OI Chg', 'Calls', true),
  oiColumn('ceOi', 'OI', 'Calls OI', 'Calls', false),
  {
    id: 'strike',
    header: 'Strike',
    label: 'Strike',
    filter: 'numeric',
    rowHeader: true,
    value: (row) => row.strike,
    cell: (row) => strikeLabel(row.strike),
  },
  {
    id: 'pcr',
    header: 'PCR',
    label: 'PCR',
    filter: 'numeric',
    value: (row) => (row.pcr === null ? null : Math.round(row.pcr * 100) / 100),
    cell: (row) => (row.pcr === null ? '–' : formatIndianNumber(row.pcr, 2)),
  },
  oiColumn('peOi', 'OI', 'Puts OI', 'Puts', false),
  oiColumn('peOiChange', 'OI Chg', 'Puts OI Chg', 'Puts', true),
];

/** PCR below 0.7 reads bearish, above 1.3 bullish (writers' positioning), in between neutral. */
const PCR_BANDS = [
  { upTo: 0.7, colour: LEG_COLOURS.ce },
  { upTo: 1.3, colour: '#6c757d' },
  { upTo: 2, colour: LEG_COLOURS.pe },
];

/**
 * /pages/option-OI: open interest by strike for calls and puts with the totals and their difference, the change
 * over the chosen window (last 15 Min, 30 Min, 1 Hour, 4 Hour, since the open, since the previous close) as an
 * "OI Action" panel, PCR over the strikes shown on a gauge, and the same figures as a table.
 */
export function OptionOiScreen({ theme, ...options }: SnapshotScreenProps) {
  const snapshot = useChainSnapshot({ storageKey: 'option-OI', ...options });
  const { chain, choices } = snapshot;
  const [window, setWindow] = useState<OiChangeWindow>('prevClose');
  const openOi = useOpenOi(chain, window === 'open');
  const rows = useMemo(() => (chain === undefined ? [] : optionOiRows(chain, window, openOi)), [chain, window, openOi]);
  const totals = useMemo(
    () => chainTotals(chain?.rows ?? [], (leg) => windowOiChange(leg, window, openOi)),
    [chain, window, openOi],
  );
  const windowLabel = OI_CHANGE_WINDOWS.find((entry) => entry.window === window)?.label ?? '';

  const charts = useMemo(() => {
    if (chain === undefined) return null;
    const strikes = rows.map((row) => row.strike);
    const legs = <T,>(ce: T, pe: T) => [...(choices.ce ? [ce] : []), ...(choices.pe ? [pe] : [])];
    return {
      oi: strikeBarsOption({
        strikes,
        series: legs(
          { name: 'CE OI', values: rows.map((row) => row.ceOi), colour: LEG_COLOURS.ce },
          { name: 'PE OI', values: rows.map((row) => row.peOi), colour: LEG_COLOURS.pe },
        ),
        atmStrike: chain.atmStrike,
        theme,
        formatValue: abbreviateIndianNumber,
      }),
      change: strikeBarsOption({
        strikes,
        series: legs(
          { name: 'CE OI Chg', values: rows.map((row) => row.ceOiChange), colour: LEG_COLOURS.ce },
          { name: 'PE OI Chg', values: rows.map((row) => row.peOiChange), colour: LEG_COLOURS.pe },
        ),
        atmStrike: chain.atmStrike,
        theme,
        formatValue: abbreviateIndianNumber,
      }),
      pcr: gaugeOption({
        value: totals.pcr,
        min: 0,
        max: 2,
        bands: PCR_BANDS,
        label: 'PCR',
        theme,
        formatValue: (value) => formatIndianNumber(value, 2),
      }),
    };
  }, [chain, rows, totals.pcr, choices.ce, choices.pe, theme]);

  return (
    <div className="option-oi d-flex flex-column gap-2">
      <ChainSnapshotHeader snapshot={snapshot} title="Option OI" idPrefix="option-oi">
        <ChoiceButtons
          id="option-oi-window"
          label="Last"
          choice={{
            options: OI_CHANGE_WINDOWS.map((entry) => entry.label),
            value: windowLabel,
            onChange: (label) => setWindow(OI_CHANGE_WINDOWS.find((entry) => entry.label === label)?.window ?? window),
          }}
        />
      </ChainSnapshotHeader>
      <ChainSnapshotBody
        snapshot={snapshot}
        table={{ columns: COLUMNS, rows, page: 'option-oi', subject: 'open interest' }}
        summary={[
          { label: 'Total CE OI', value: totals.ceOi, format: 'quantity', testId: 'total-ce-oi' },
          { label: 'Total PE OI', value: totals.peOi, format: 'quantity', testId: 'total-pe-oi' },
          { label: 'PE − CE OI', value: totals.peOi - totals.ceOi, format: 'quantity', signed: true },
          { label: `CE OI Chg (${windowLabel})`, value: totals.ceOiChange, format: 'quantity', signed: true },
          { label: `PE OI Chg (${windowLabel})`, value: totals.peOiChange, format: 'quantity', signed: true },
          { label: 'PCR', value: totals.pcr, format: 'ratio', testId: 'pcr' },
        ]}
      >
        {charts !== null && (
          <div className="row g-2">
            <ChartPanel
              className="col-12 col-xl-5"
              title="Open Interest"
              option={charts.oi}
              theme={theme}
              ariaLabel="OI by strike, calls and puts"
              height={300}
            />
            <ChartPanel
              className="col-12 col-xl-5"
              title={`OI Action – ${windowLabel}`}
              option={charts.change}
              theme={theme}
              ariaLabel={`OI change by strike over ${windowLabel}`}
              height={300}
            />
            <ChartPanel
              className="col-12 col-xl-2"
              title="PCR"
              option={charts.pcr}
              theme={theme}
              ariaLabel="PCR of the strikes shown"
              height={300}
            />
          </div>
        )}
      </ChainSnapshotBody>
    </div>
  );
}
