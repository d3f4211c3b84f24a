import { ReferScreen } from '../../features/billing/components/refer-screen';
import { PageTitle } from '../page-title';

/** /refer: the referral link and earnings; behind the session guard. */
export function ReferRoute() {
  return (
    <>
      <PageTitle name="Refer" />
      <ReferScreen />
    </>
  );
}
