import { useId } from 'react';
import { Counter } from '../../components/Counter';
import { Icon, type IconName } from '../../components/Icon';
import { Reveal } from '../../components/Reveal';
import { StaticHtml } from '../../components/StaticHtml';
import { countWithin } from '../../lib/countUp';
import { revealWithin } from '../../lib/reveal';
import { COMPANIES, HOME_INSTRUCTORS, STATS, WHY_CHOOSE_US } from './content';

/** Adopted HTML: nothing here reacts to the visitor, and the counters start from `countWithin` (lib/countUp.ts). */
export function Stats() {
  return (
    <StaticHtml as="section" className="stats" aria-label="Upskill in numbers" whenAdopted={countWithin}>
      <div className="container">
        <ul className="stats__list">
          {STATS.map((stat) => (
            <li key={stat.label} className="stats__item">
              <strong className="stats__value">
                <Counter to={stat.value} />
              </strong>
              <span className="stats__label">{stat.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </StaticHtml>
  );
}

export function Instructors() {
  // The list is rendered twice so the strip can loop seamlessly; the copy is hidden from assistive tech.
  const people = [...HOME_INSTRUCTORS, ...HOME_INSTRUCTORS];
  return (
    <StaticHtml as="section" className="section" aria-labelledby="instructors-title" whenAdopted={revealWithin}>
      <div className="container">
        <Reveal className="section__head">
          <span className="eyebrow">Learn from the best</span>
          <h2 id="instructors-title">Meet your instructors</h2>
          <p>Practitioners from leading product companies and research labs, teaching what they do every day.</p>
        </Reveal>
      </div>
      <div className="marquee" tabIndex={0} aria-label="Instructors, scrolling list. Hover or focus to pause.">
        <ul className="marquee__track marquee__track--slow">
          {people.map((person, index) => (
            <li key={`${person.name}-${index}`} className="instructor" aria-hidden={index >= HOME_INSTRUCTORS.length || undefined}>
              <img
                src={person.photo}
                alt={index < HOME_INSTRUCTORS.length ? `Portrait of ${person.name}` : ''}
                width={120}
                height={120}
                loading="lazy"
                decoding="async"
              />
              <strong>{person.name}</strong>
              <span className="muted">{person.role}</span>
            </li>
          ))}
        </ul>
      </div>
    </StaticHtml>
  );
}

function Feature({ title, badge, tip, icon }: (typeof WHY_CHOOSE_US)[number]) {
  const tipId = useId();
  return (
    <li className="feature card">
      <span className="feature__icon">
        <Icon name={icon as IconName} size={24} />
      </span>
      <h3>{title}</h3>
      <span className="badge badge--primary">{badge}</span>
      <span className="tooltip-wrap">
        <button type="button" className="tooltip-trigger" aria-describedby={tipId}>
          <span className="visually-hidden">More about {title}</span>
          <span aria-hidden="true">i</span>
        </button>
        <span role="tooltip" id={tipId} className="tooltip">
          {tip}
        </span>
      </span>
    </li>
  );
}

export function WhyChooseUs() {
  return (
    <StaticHtml as="section" className="section section--alt" aria-labelledby="why-title" whenAdopted={revealWithin}>
      <div className="container">
        <Reveal className="section__head">
          <span className="eyebrow">Why Upskill</span>
          <h2 id="why-title">Why learners choose us</h2>
          <p>Everything you need to go from curious to hired, in one place.</p>
        </Reveal>
        <Reveal>
          <ul className="features grid grid--4">
            {WHY_CHOOSE_US.map((feature) => (
              <Feature key={feature.title} {...feature} />
            ))}
          </ul>
        </Reveal>
      </div>
    </StaticHtml>
  );
}

export function CompanyLogos() {
  const logos = [...COMPANIES, ...COMPANIES];
  return (
    <StaticHtml as="section" className="section" aria-labelledby="logos-title">
      <div className="container">
        <h2 id="logos-title" className="center logos-title">
          Our students work at
        </h2>
      </div>
      <div className="marquee" tabIndex={0} aria-label="Companies where our students work, scrolling list. Hover or focus to pause.">
        <ul className="marquee__track">
          {logos.map((slug, index) => (
            <li key={`${slug}-${index}`} className="logo-tile" aria-hidden={index >= COMPANIES.length || undefined}>
              <img
                src={`/images/logos/${slug}.svg`}
                alt={index < COMPANIES.length ? slug[0].toUpperCase() + slug.slice(1) : ''}
                width={140}
                height={40}
                loading="lazy"
                decoding="async"
              />
            </li>
          ))}
        </ul>
      </div>
    </StaticHtml>
  );
}
