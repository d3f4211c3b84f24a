import { PlanComparisonTable } from '../../components/plan-comparison-table';
import { DISCOVER_PLAN_COMPARISON, QUIKTRADE_PLAN_COMPARISON } from '../../components/plan-comparisons';
import { FeatureCatalogueScreen } from '../../features/catalogue/components/feature-catalogue-screen';
import { DISCOVER_CATALOGUE } from '../../features/catalogue/data/discover-features';
import { QUIKTRADE_CATALOGUE } from '../../features/catalogue/data/quiktrade-features';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

const LINKS = { discover: paths.discoverFeatures, quiktrade: paths.quiktradeFeatures };

/** /discover/features: the Discover catalogue, then the Starter/Sixer/Pro comparison. */
export function DiscoverFeaturesRoute() {
  return (
    <>
      <PageTitle name="Discover Features" />
      <FeatureCatalogueScreen
        catalogue={DISCOVER_CATALOGUE}
        links={LINKS}
        intro="Analysis pages for index and stock derivatives: orderflow, futures, charts, options, strategies, breadth and institutional activity."
        after={<PlanComparisonTable comparison={DISCOVER_PLAN_COMPARISON} />}
      />
    </>
  );
}

/** /quiktrade/features: the QuikTrade catalogue, then the Scalper/Pro comparison. */
export function QuikTradeFeaturesRoute() {
  return (
    <>
      <PageTitle name="QuikTrade Features" />
      <FeatureCatalogueScreen
        catalogue={QUIKTRADE_CATALOGUE}
        links={LINKS}
        intro="One-click execution through your own broker accounts, with risk controls on every order and paper trading to practise first."
        after={<PlanComparisonTable comparison={QUIKTRADE_PLAN_COMPARISON} />}
      />
    </>
  );
}
