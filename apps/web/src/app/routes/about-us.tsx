import { AboutScreen } from '../../features/site/components/about-screen';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

const LINKS = {
  discoverFeatures: paths.discoverFeatures,
  quiktradeFeatures: paths.quiktradeFeatures,
  contact: paths.contactUs,
};

/** /about-us. */
export function AboutUsRoute() {
  return (
    <>
      <PageTitle name="About Us" />
      <AboutScreen links={LINKS} />
    </>
  );
}
