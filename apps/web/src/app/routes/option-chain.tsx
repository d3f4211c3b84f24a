import { OptionChainScreen } from '../../features/option-chain/components/option-chain-screen';
import { usePublicConfig } from '../../lib/public-config';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

/** /pages/option-chain: the option chain table of an underlying's expiry around ATM. */
export function OptionChainRoute() {
  const feed = usePublicConfig().data?.feed;
  return (
    <>
      <PageTitle name={APP_PAGES.optionChain.title} />
      <OptionChainScreen
        builderPath={paths.strategyChart}
        {...(feed === undefined
          ? {}
          : { refreshMs: feed.refreshMs, replay: feed.replay, alwaysOpen: feed.alwaysOpen === true })}
      />
    </>
  );
}
