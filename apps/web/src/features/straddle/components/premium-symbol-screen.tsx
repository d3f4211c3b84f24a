import type { OptionChain } from '@fnodesk/contracts';
import { useMemo, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { strikeLabel } from '../../../components/charts/echart-options';
import { ChainSnapshotBody, ChainSnapshotHeader } from '../../../components/market/chain-snapshot-header';
import { PremiumSymbolChart, type PremiumLeg } from '../../../components/market/premium-symbol-chart';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { useLegOpens } from '../hooks/use-pair-candles';
import { combinedFigures, legFigures, pairLabel, premiumPairRows } from '../utils/premium-pairs';
import { chartedPairOf, pairSymbol, type ChartedPair } from '../utils/charted-pair';
import { pairColumns, type PairKind } from '../utils/pair-columns';

/** The default pair of a chain: the ATM straddle, or the strangle two strikes either side of ATM. */
function defaultStrikes(chain: OptionChain, kind: PairKind): { ce: number; pe: number } | null {
  const centre = chain.rows.findIndex((row) => row.strike === chain.atmStrike);
  if (centre < 0) return null;
  const offset = kind === 'straddle' ? 0 : Math.min(2, centre, chain.rows.length - 1 - centre);
  return { ce: chain.rows[centre + offset]!.strike, pe: chain.rows[centre - offset]!.strike };
}

/**
 * /pages/straddle-adv and /pages/strangle-adv (pages brief G6): a straddle (one strike) or strangle (a CE and a PE
 * strike) chosen and submitted, charted as one symbol — the combined premium's candles with volume (Σ leg volumes),
 * indicators and drawings — over the chain's straddles or strangles.
 */
export function PremiumSymbolScreen({ kind, theme, ...options }: SnapshotScreenProps & { kind: PairKind }) {
  const idPrefix = `${kind}-adv`;
  const snapshot = useChainSnapshot({ storageKey: idPrefix, ...options });
  const { chain } = snapshot;
  const title = kind === 'straddle' ? 'Straddle' : 'Strangle';
  const expiryLabel = snapshot.expiry?.formattedDate ?? '';
  const [draft, setDraft] = useState<{ ce: number | null; pe: number | null }>({ ce: null, pe: null });
  const [submitted, setSubmitted] = useState<ChartedPair | null>(null);
  const opens = useLegOpens(chain);
  const rows = useMemo(() => (chain === undefined ? [] : premiumPairRows(chain, kind, opens)), [chain, kind, opens]);
  const columns = useMemo(() => pairColumns(kind), [kind]);

  const fallback = chain === undefined ? null : defaultStrikes(chain, kind);
  const ceStrike = draft.ce ?? fallback?.ce ?? null;
  const peStrike = kind === 'straddle' ? ceStrike : (draft.pe ?? fallback?.pe ?? null);
  // A submitted pair of another underlying or expiry gives way to this chain's default.
  const current =
    submitted !== null && chain !== undefined && submitted.name === chain.name && submitted.expiry === chain.expiry
      ? submitted
      : null;
  const charted =
    current ??
    (chain === undefined || fallback === null ? null : chartedPairOf(chain, expiryLabel, fallback.ce, fallback.pe));
  const legs = useMemo<PremiumLeg[]>(
    () =>
      charted === null
        ? []
        : [
            { token: charted.ceToken, side: 'BUY', quantity: 1 },
            { token: charted.peToken, side: 'BUY', quantity: 1 },
          ],
    [charted?.ceToken, charted?.peToken], // eslint-disable-line react-hooks/exhaustive-deps -- the tokens name the legs
  );
  // The charted pair's figures from the chain (a submitted strangle need not be one of the table's symmetric pairs).
  const chartedFigures = useMemo(() => {
    const ce = chain?.rows.find((row) => row.ce.token === charted?.ceToken)?.ce;
    const pe = chain?.rows.find((row) => row.pe.token === charted?.peToken)?.pe;
    if (ce === undefined || pe === undefined) return null;
    return combinedFigures(legFigures(ce, opens.get(ce.token)), legFigures(pe, opens.get(pe.token)));
  }, [chain, charted?.ceToken, charted?.peToken, opens]);

  const strikeSelect = (leg: 'ce' | 'pe', label: string, value: number | null) => (
    <Form.Group controlId={`${idPrefix}-${leg}-strike`}>
      <Form.Label className="small mb-0">{label}</Form.Label>
      <Form.Select
        size="sm"
        value={value ?? ''}
        disabled={chain === undefined}
        onChange={(event) => {
          // Read before the updater runs: React clears the event's target after the handler.
          const strike = Number(event.currentTarget.value);
          setDraft((d) => ({ ...d, [leg]: strike }));
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

  return (
    <div className={`${idPrefix}-page d-flex flex-column gap-2`}>
      <ChainSnapshotHeader snapshot={snapshot} title={`${title} Advanced`} idPrefix={idPrefix} legs={false}>
        <form
          className="d-flex flex-wrap align-items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (chain === undefined || ceStrike === null || peStrike === null) return;
            setSubmitted(chartedPairOf(chain, expiryLabel, ceStrike, peStrike));
          }}
        >
          {kind === 'straddle' ? (
            strikeSelect('ce', 'Strike', ceStrike)
          ) : (
            <>
              {strikeSelect('ce', 'CE Strike', ceStrike)}
              {strikeSelect('pe', 'PE Strike', peStrike)}
            </>
          )}
          <Button size="sm" type="submit" disabled={chain === undefined}>
            Submit
          </Button>
        </form>
      </ChainSnapshotHeader>
      <ChainSnapshotBody
        snapshot={snapshot}
        what={`the ${kind}s`}
        summary={[
          { label: 'ATM Strike', value: chain?.atmStrike ?? null, format: 'price' },
          {
            label: charted === null ? title : `${title} ${pairLabel(charted, strikeLabel)}`,
            value: chartedFigures?.ltp ?? null,
            format: 'price',
            testId: `${idPrefix}-ltp`,
          },
          { label: `${title} ATP`, value: chartedFigures?.atp ?? null, format: 'price' },
        ]}
        table={{ columns, rows, page: idPrefix, subject: `${kind} premium` }}
      >
        {chain !== undefined && charted !== null && (
          <PremiumSymbolChart
            idPrefix={idPrefix}
            symbol={pairSymbol(charted)}
            legs={legs}
            exchange="NFO"
            at={chain.at}
            theme={theme}
            {...options}
          />
        )}
      </ChainSnapshotBody>
    </div>
  );
}
