import { Link } from 'react-router-dom';
import { MARKETING } from '@upskill/domain/common';
import { Accordion } from '../../components/Accordion';
import { Counter } from '../../components/Counter';
import { Reveal } from '../../components/Reveal';
import { StaticHtml } from '../../components/StaticHtml';
import { paths } from '../../config/paths';
import { countWithin } from '../../lib/countUp';
import { revealWithin } from '../../lib/reveal';
import { useDocumentMeta } from '../../lib/useDocumentMeta';

const METRICS = [
  { value: MARKETING.graduates, suffix: '+', label: 'Graduates' },
  { value: MARKETING.industryPartners, suffix: '+', label: 'Industry partners' },
  { value: MARKETING.employmentRate, suffix: '%', label: 'Employment rate' },
  { value: MARKETING.interactiveSessions, suffix: '+', label: 'Interactive sessions' },
];

const VALUES = [
  {
    title: 'Outcomes over hours',
    text: 'We measure success by the jobs, promotions and projects our learners win, not by minutes watched.',
  },
  { title: 'Practitioners teach', text: 'Every instructor works in the field they teach, so lessons reflect how work is really done.' },
  { title: 'Access for all', text: 'Fair prices in rupees and weekend batches keep learning within reach.' },
  { title: 'Honest guidance', text: 'We will tell you which course fits, even when it is the cheaper one.' },
];

const FAQ = [
  {
    question: 'Who teaches at Upskill?',
    answer: 'Over 20 expert instructors who work at product companies, research labs and consultancies in India and the USA.',
  },
  {
    question: 'Are classes live or recorded?',
    answer:
      'Both. Classes run live in small cohorts and every session is recorded so you can revisit it any time during your access period.',
  },
  {
    question: 'Do I need a technical background?',
    answer: 'No. Beginner courses assume no prior experience, and each course page says which level it is.',
  },
  {
    question: 'Do you help with jobs?',
    answer:
      'Yes. Career support includes resume reviews, mock interviews and introductions to our 200+ industry partners; 85% of our graduates are employed within six months.',
  },
  {
    question: 'Where are you based?',
    answer: 'We have offices in Bengaluru, India and New York, USA, and support learners in both time zones.',
  },
];

/** Our story: adopted HTML (nothing in it reacts to the visitor) whose reveals and counters still run. */
function startStory(root: HTMLElement): () => void {
  const stopReveals = revealWithin(root);
  const stopCounts = countWithin(root);
  return () => {
    stopReveals();
    stopCounts();
  };
}

export default function AboutPage() {
  useDocumentMeta(
    'About us',
    'Founded in 2023 with offices in Bengaluru and New York, Upskill helps students and career-switchers learn skills employers hire for.',
  );
  return (
    <>
      <StaticHtml as="section" className="page-hero">
        <div className="container">
          <span className="eyebrow">About Upskill</span>
          <h1>Upskill. Empower. Succeed.</h1>
          <p>
            We started in {MARKETING.founded} with a simple belief: anyone can learn the skills employers need, given great teachers and
            real practice.
          </p>
        </div>
      </StaticHtml>
      <StaticHtml as="section" className="section" whenAdopted={startStory}>
        <div className="container grid grid--2">
          <Reveal>
            <h2>Our story</h2>
            <p>
              Upskill began in a small Bengaluru classroom where a handful of engineers taught evening classes to students who wanted more
              than their syllabus offered. Word spread, the classes moved online, and within a year learners were joining from across India
              and the United States.
            </p>
            <p>
              Today we run live, mentor-led cohorts from our offices in Bengaluru and New York, with courses spanning programming, AI,
              cloud, security, design, business and research. More than {MARKETING.learnersTrusted} learners have trusted us with their next
              step.
            </p>
          </Reveal>
          <Reveal>
            <ul className="about-metrics">
              {METRICS.map((metric) => (
                <li key={metric.label} className="card">
                  <strong>
                    <Counter to={metric.value} suffix={metric.suffix} />
                  </strong>
                  <span className="muted">{metric.label}</span>
                </li>
              ))}
            </ul>
          </Reveal>
        </div>
      </StaticHtml>
      <StaticHtml as="section" className="section section--alt" aria-labelledby="values-title">
        <div className="container">
          <div className="section__head">
            <h2 id="values-title">What we value</h2>
          </div>
          <ul className="grid grid--4 course-grid">
            {VALUES.map((value) => (
              <li key={value.title} className="card">
                <h3>{value.title}</h3>
                <p className="muted">{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </StaticHtml>
      <StaticHtml as="section" className="section" aria-labelledby="diversity-title">
        <div className="container prose">
          <h2 id="diversity-title">Diversity and inclusion</h2>
          <p>
            Our learners are first-generation college students, parents returning to work, engineers changing fields and professionals in
            small towns and big cities. We schedule weekend batches for working learners, and this site is built and tested to be usable
            with a keyboard, a screen reader and a small phone.
          </p>
        </div>
      </StaticHtml>
      <section className="section section--alt" aria-labelledby="about-faq-title">
        <div className="container">
          <div className="section__head">
            <h2 id="about-faq-title">Frequently asked questions</h2>
          </div>
          <Accordion items={FAQ} />
          <p className="center" style={{ marginTop: 32 }}>
            <Link className="btn btn--primary" to={paths.courses}>
              Explore courses
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
