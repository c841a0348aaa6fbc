import { Link } from 'react-router-dom';
import { HOME_PLANS } from '@upskill/domain/catalogue';
import { formatRupees } from '@upskill/domain/common';
import { FeatureList } from '../../components/FeatureList';
import { Reveal } from '../../components/Reveal';
import { StaticHtml } from '../../components/StaticHtml';
import { revealWithin } from '../../lib/reveal';
import { EnrollNowLink } from '../enrollment';
import { paths } from '../../config/paths';

function displayPrice(price: number | string): string {
  if (typeof price === 'number') return formatRupees(price);
  const [low, high] = price.split('-').map((part) => Number(part.trim()));
  return `${formatRupees(low)} – ${formatRupees(high)}`;
}

/**
 * The four-plan chooser (home page and /plans-section); plans come from the shared domain module. Nothing in it
 * changes, and its Enroll Now links name their plan in the path (the enrollment page reads it from there when the
 * link carries no state), so a prerendered page adopts it as HTML (StaticHtml): 90 fewer elements to hydrate on
 * the home page (issue 60).
 */
export function PlansSection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  // Each plan's name is one level below the section's heading, wherever the section sits.
  const PlanHeading = headingLevel === 1 ? 'h2' : 'h3';
  return (
    <StaticHtml as="section" className="section" aria-labelledby="plans-title" whenAdopted={revealWithin}>
      <div className="container">
        <Reveal className="section__head">
          <span className="eyebrow">Plans</span>
          <Heading id="plans-title">Choose the plan that fits your goals</Heading>
          <p>Start with one course or build a full learning path. Every plan includes live classes and a certificate.</p>
        </Reveal>
        <ul className="plans grid grid--4">
          {HOME_PLANS.map((plan) => {
            return (
              <li key={plan.id} className={`plan card${plan.highlighted ? ' plan--highlighted' : ''}`}>
                {plan.highlighted && <span className="badge plan__ribbon">Most popular</span>}
                <PlanHeading>{plan.name}</PlanHeading>
                <p className="plan__price">
                  {displayPrice(plan.price)}
                  {plan.courses !== null && (
                    <span className="plan__per"> / {plan.courses === 1 ? '1 course' : `${plan.courses} courses`}</span>
                  )}
                </p>
                <p className="muted">{plan.description}</p>
                <FeatureList features={plan.features} />
                <EnrollNowLink
                  target={{ kind: 'plan', planId: plan.id }}
                  highlighted={Boolean(plan.highlighted)}
                  label={`Enroll Now in the ${plan.name} plan`}
                />
                {plan.id === 'custom' && (
                  <Link className="plan__more" to={paths.teams}>
                    Buying for a team or a college? See team and campus seats
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </StaticHtml>
  );
}
