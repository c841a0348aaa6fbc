import { Icon } from './Icon';
import { StaticPart } from './StaticHtml';

/**
 * A plan's or course's inclusions, each with a check mark. `fixed`: the list depends only on what the component
 * around it is keyed by (a plan card keyed by its plan), so a prerendered page adopts it as HTML (StaticPart).
 */
export function FeatureList({ features, fixed = false }: { features: readonly string[]; fixed?: boolean }) {
  const items = features.map((feature) => (
    <li key={feature}>
      <Icon name="check" size={18} />
      {feature}
    </li>
  ));
  return fixed ? (
    <StaticPart as="ul" className="plan__features">
      {items}
    </StaticPart>
  ) : (
    <ul className="plan__features">{items}</ul>
  );
}
