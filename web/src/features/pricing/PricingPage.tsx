import { useState } from 'react';
import { useHydrated } from '../../lib/useHydrated';
import { Link } from 'react-router-dom';
import { formatRupees } from '@upskill/domain/common';
import { PRICING_PLANS } from '@upskill/domain/catalogue';
import { isSubscriptionPlan, subscriptionTerms, trialPromise, type SubscriptionPlanId } from '@upskill/domain/enrollment';
import { FeatureList } from '../../components/FeatureList';
import { Icon, type IconName } from '../../components/Icon';
import { Reveal } from '../../components/Reveal';
import { StaticHtml } from '../../components/StaticHtml';
import { paths } from '../../config/paths';
import { revealWithin } from '../../lib/reveal';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { EnrollNowLink, type EnrollmentTarget } from '../enrollment';
import { CouponForm, type CouponState } from './CouponForm';
import { HelpChat } from './HelpChat';
import { REFERRAL_CREDIT_RUPEES, REFERRAL_DISCOUNT_RUPEES, REFERRAL_SETTLE_DAYS } from '@upskill/domain/referrals';

const FEATURES: { icon: IconName; title: string; text: string }[] = [
  { icon: 'users', title: 'Live mentor sessions', text: 'Small live classes with practitioners, recorded for replay.' },
  { icon: 'briefcase', title: 'Portfolio projects', text: 'Industry briefs you can show in interviews.' },
  { icon: 'award', title: 'Verified certificates', text: 'Shareable certificates employers can verify.' },
  { icon: 'chat', title: 'Doubt support', text: 'Answers from mentors within 24 hours, seven days a week.' },
  { icon: 'clock', title: 'Flexible batches', text: 'Weekday and weekend batches, mornings or evenings.' },
  { icon: 'globe', title: 'India and USA time zones', text: 'Mentors in India and the USA; calls booked in your own time zone.' },
];

const TESTIMONIALS = [
  {
    name: 'Neha Joshi',
    role: 'Elite member, Mumbai',
    quote: 'The yearly membership let me take cloud and security back to back. Best money I have spent on my career.',
  },
  {
    name: 'Michael Torres',
    role: 'Single course, Seattle',
    quote: 'I only needed one course to fill a gap. Six months of access meant I could go at my own pace.',
  },
];

/**
 * What a plan with a free trial will do, in the domain's words. The prerendered page cannot know the
 * visitor's date, so it says "in 14 days" and the real date replaces it once the page runs; the line
 * keeps its room (min-height), so nothing shifts.
 */
function TrialPromise({ planId, coupon }: { planId: SubscriptionPlanId; coupon: string | undefined }) {
  const hydrated = useHydrated();
  const [nowMs] = useState(() => Date.now());
  const terms = subscriptionTerms(planId, coupon);
  const text = !hydrated
    ? `₹0 today · ${formatRupees(terms.amountPaise / 100)} in ${terms.trialDays} days, then every ${terms.period === 'yearly' ? 'year' : 'month'} · cancel any time before`
    : trialPromise(terms, nowMs).text;
  return (
    <p className="plan__promise" data-testid="plan-promise">
      {text}
    </p>
  );
}

export default function PricingPage() {
  useDocumentMeta(
    'Pricing',
    'Simple pricing in rupees: Single Course Access, Pre Registration and the Elite Learning Membership. Save 20% with a coupon.',
  );
  const [coupon, setCoupon] = useState<CouponState>({ status: 'none' });

  // What a visitor cannot change is adopted as prerendered (StaticHtml, StaticPart): the banner, the hero, each
  // plan's inclusions, the referral card, the tracker, what every plan includes and the quotes. React hydrates the
  // coupon box, the prices and trial lines it changes, the Enroll links and the help chat (issue 60).
  return (
    <>
      <StaticHtml className="promo-banner" role="note">
        <Icon name="bolt" size={18} /> Save 20% on yearly plans
      </StaticHtml>
      <StaticHtml as="section" className="page-hero">
        <div className="container">
          <h1>Simple, transparent pricing</h1>
          <p>Pay in rupees, learn live with experts, and cancel nothing you did not sign up for. Trials on selected plans.</p>
        </div>
      </StaticHtml>
      <section className="section" aria-labelledby="pricing-plans-title">
        <div className="container">
          <h2 id="pricing-plans-title" className="visually-hidden">
            Plans
          </h2>
          <CouponForm coupon={coupon} onApply={setCoupon} />
          <ul className="plans grid grid--3">
            {PRICING_PLANS.map((plan) => {
              const appliedCode = coupon.status === 'applied' && plan.discountedPrice !== undefined ? coupon.code : undefined;
              const discounted = appliedCode !== undefined;
              const target: EnrollmentTarget = { kind: 'plan', planId: plan.id, ...(appliedCode ? { coupon: appliedCode } : {}) };
              return (
                <li key={plan.id} className={`plan card${plan.highlighted ? ' plan--highlighted' : ''}`} data-testid={`plan-${plan.id}`}>
                  {plan.highlighted && <span className="badge plan__ribbon">Best value</span>}
                  <h3>{plan.name}</h3>
                  <p className="plan__price" data-testid="plan-price">
                    {discounted && plan.discountedPrice !== undefined ? (
                      <>
                        <s aria-label={`was ${formatRupees(plan.price)}`}>{formatRupees(plan.price)}</s>
                        {formatRupees(plan.discountedPrice)}
                      </>
                    ) : (
                      formatRupees(plan.price)
                    )}
                    <span className="plan__per">
                      {' '}
                      {plan.planType === 'yearly' ? '/ year' : plan.planType === 'monthly' ? '/ month' : '/ course'}
                    </span>
                  </p>
                  {plan.trial && <span className="badge badge--New">{plan.trial.note}</span>}
                  {isSubscriptionPlan(plan.id) && <TrialPromise planId={plan.id} coupon={appliedCode} />}
                  <p className="muted">{plan.description}</p>
                  {/* The card is keyed by its plan, and its inclusions depend on nothing else. */}
                  <FeatureList features={plan.features} fixed />
                  <EnrollNowLink target={target} highlighted={Boolean(plan.highlighted)} label={`Enroll Now in ${plan.name}`} />
                </li>
              );
            })}
          </ul>
        </div>
      </section>
      <StaticHtml as="section" className="container">
        <div className="referral card">
          <div>
            <h2>Refer a friend, learn together</h2>
            <p>
              Invite a friend: they get {formatRupees(REFERRAL_DISCOUNT_RUPEES)} off their first course plan, and once their payment is
              final ({REFERRAL_SETTLE_DAYS} days later) you get a {formatRupees(REFERRAL_CREDIT_RUPEES)} learning credit off your next one.
            </p>
          </div>
          <Link className="btn btn--primary" to={`${paths.myCourses}#referrals`}>
            Get your referral link
          </Link>
        </div>
      </StaticHtml>
      <section className="section">
        <StaticHtml className="container grid grid--2 tracker" whenAdopted={revealWithin}>
          <Reveal>
            <span className="eyebrow">Track your progress</span>
            <h2>See exactly how far you have come</h2>
            <p className="muted">
              Every plan includes a progress tracker on My Courses: attendance, assignment results and milestones in one view, with a nudge
              from your instructor when you fall behind (two classes missed in a row, or work past its due date).
            </p>
          </Reveal>
          <figure className="tracker__art card">
            <figcaption className="tracker__example">Example</figcaption>
            {[
              ['Attendance', 92],
              ['Assignments', 78],
              ['Capstone', 45],
            ].map(([label, value]) => (
              <div key={label} className="tracker__row" aria-hidden="true">
                <span>{label}</span>
                <div className="seats__bar">
                  <span style={{ width: `${value}%` }} />
                </div>
              </div>
            ))}
          </figure>
        </StaticHtml>
        <HelpChat />
      </section>
      <StaticHtml as="section" className="section section--alt" aria-labelledby="included-title">
        <div className="container">
          <div className="section__head">
            <h2 id="included-title">Included in every plan</h2>
          </div>
          <ul className="grid grid--3 feature-grid">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="card">
                <Icon name={feature.icon} size={24} className="feature-grid__icon" />
                <h3>{feature.title}</h3>
                <p className="muted">{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </StaticHtml>
      <StaticHtml as="section" className="section" aria-labelledby="pricing-testimonials-title">
        <div className="container">
          <div className="section__head">
            <h2 id="pricing-testimonials-title">Learners on our plans</h2>
          </div>
          <div className="grid grid--2">
            {TESTIMONIALS.map((t) => (
              <figure key={t.name} className="card pricing-quote">
                <blockquote>“{t.quote}”</blockquote>
                <figcaption>
                  <strong>{t.name}</strong> · <span className="muted">{t.role}</span>
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
      </StaticHtml>
    </>
  );
}
