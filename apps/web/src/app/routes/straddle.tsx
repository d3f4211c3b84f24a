import { CustomStrangleScreen } from '../../features/straddle/components/custom-strangle-screen';
import { MultiStraddleScreen } from '../../features/straddle/components/multi-straddle-screen';
import { PremiumPairsScreen } from '../../features/straddle/components/premium-pairs-screen';
import { PremiumSymbolScreen } from '../../features/straddle/components/premium-symbol-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/straddle: each strike's CE + PE premium around ATM, as a table and a chart with ATP. */
export function StraddleRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.straddle.title} />
      <PremiumPairsScreen kind="straddle" {...useSnapshotScreenProps()} />
    </>
  );
}

/** /pages/strangle: the CE k strikes above ATM with the PE k strikes below, as a table and a chart with ATP. */
export function StrangleRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.strangle.title} />
      <PremiumPairsScreen kind="strangle" {...useSnapshotScreenProps()} />
    </>
  );
}

/** /pages/multi-straddle: up to eight straddles of an expiry on one chart, with their ATPs and a table. */
export function MultiStraddleRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.multiStraddle.title} />
      <MultiStraddleScreen {...useSnapshotScreenProps()} />
    </>
  );
}

/** /pages/straddle-adv: one straddle as a chart symbol (combined premium candles, volume, indicators, drawings). */
export function StraddleAdvRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.straddleAdv.title} />
      <PremiumSymbolScreen kind="straddle" {...useSnapshotScreenProps()} />
    </>
  );
}

/** /pages/strangle-adv: one strangle (separate CE and PE strikes) as a chart symbol. */
export function StrangleAdvRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.strangleAdv.title} />
      <PremiumSymbolScreen kind="strangle" {...useSnapshotScreenProps()} />
    </>
  );
}

/** /pages/custom-strangle: any CE and PE strike in a ratio, with both legs, their OI and P&L from an entry time. */
export function CustomStrangleRoute() {
  return (
    <>
      <PageTitle name={APP_PAGES.customStrangle.title} />
      <CustomStrangleScreen {...useSnapshotScreenProps()} />
    </>
  );
}
