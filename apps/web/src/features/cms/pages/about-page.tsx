import { ComingSoonPage } from '../../../components/coming-soon-page';

/** Its text is edited by the admin once the CMS arrives. */
export default function AboutPage() {
  return <ComingSoonPage section="about" />;
}
