import { Icon } from './Icon';

/** A plan's or course's inclusions, each with a check mark. */
export function FeatureList({ features }: { features: readonly string[] }) {
  return (
    <ul className="plan__features">
      {features.map((feature) => (
        <li key={feature}>
          <Icon name="check" size={18} />
          {feature}
        </li>
      ))}
    </ul>
  );
}
