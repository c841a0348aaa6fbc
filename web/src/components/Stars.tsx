import { StaticPart } from './StaticHtml';

/** Five 16 px stars 2 px apart, drawn in one SVG: its units are the icon set's 24 to 16 px, so a gap is 3 units. */
const STAR_STEP = 27;
const WIDTH_PX = 5 * 16 + 4 * 2;

/** The icon set's star (Icon's `star`) at the `i`th place: one absolute move, then relative lines. */
const star = (i: number) => `M${12 + STAR_STEP * i} 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2-5.5-2.9-5.5 2.9 1-6.2-4.5-4.4 6.2-.9z`;
const stars = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => star(from + k)).join('');

/**
 * A rating as five stars and its figure: static, so a prerendered page keeps it as HTML (StaticPart). The stars are
 * one SVG with a path for the lit ones and one for the rest, not five icons: a card had ten SVG elements for its
 * rating, and on /courses those were a sixth of the prerendered page's elements to style and lay out (issue 60).
 */
export function Stars({ rating }: { rating: number }) {
  const lit = Math.min(5, Math.max(0, Math.round(rating)));
  return (
    <StaticPart as="span" className="stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      <svg
        width={WIDTH_PX}
        height={16}
        viewBox={`0 0 ${WIDTH_PX * 1.5} 24`}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {lit > 0 && <path className="star star--on" d={stars(0, lit)} />}
        {lit < 5 && <path className="star" d={stars(lit, 5)} />}
      </svg>
      <span aria-hidden="true" className="stars__value">
        {rating.toFixed(1)}
      </span>
    </StaticPart>
  );
}
