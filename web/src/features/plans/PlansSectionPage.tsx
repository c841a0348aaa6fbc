import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { PlansSection } from './PlansSection';

export default function PlansSectionPage() {
  useDocumentMeta('Plans', 'Compare the Standard, Pro, Platinum and Custom plans and enroll in the one that fits your goals.');
  return <PlansSection headingLevel={1} />;
}
