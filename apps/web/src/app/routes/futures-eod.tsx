import { FuturesEodScreen } from '../../features/futures-eod/components/futures-eod-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/futures-eod: one underlying's end-of-day futures history with basis, OI, build-up and rollover. */
export function FuturesEodRoute() {
  const { theme } = useSnapshotScreenProps();
  return (
    <>
      <PageTitle name={APP_PAGES.futuresEod.title} />
      <FuturesEodScreen theme={theme} />
    </>
  );
}
