import { ParticipantOiScreen } from '../../features/fii-dii/components/participant-oi-screen';
import { APP_PAGES } from '../app-pages';
import { PageTitle } from '../page-title';
import { useSnapshotScreenProps } from './use-snapshot-screen-props';

/** /pages/participant-oi: participant-wise open interest. */
export function ParticipantOiRoute() {
  const { theme } = useSnapshotScreenProps();
  return (
    <>
      <PageTitle name={APP_PAGES.participantOi.title} />
      <ParticipantOiScreen theme={theme} />
    </>
  );
}
