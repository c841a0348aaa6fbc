import { Icon } from './Icon';
import { StaticPart } from './StaticHtml';

/** A rating as five stars and its figure: static, so a prerendered page keeps it as HTML (StaticPart). */
export function Stars({ rating }: { rating: number }) {
  return (
    <StaticPart as="span" className="stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Icon key={n} name="star" size={16} className={n <= Math.round(rating) ? 'star star--on' : 'star'} />
      ))}
      <span aria-hidden="true" className="stars__value">
        {rating.toFixed(1)}
      </span>
    </StaticPart>
  );
}
