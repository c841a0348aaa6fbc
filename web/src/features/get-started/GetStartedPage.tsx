import { Link, useNavigate } from 'react-router-dom';
import { CATEGORIES, type Category } from '@upskill/domain/common';
import { Accordion } from '../../components/Accordion';
import { Icon, type IconName } from '../../components/Icon';
import { coursesPath, paths } from '../../config/paths';
import { useDocumentMeta } from '../../lib/useDocumentMeta';

const GOALS: Record<Category, { icon: IconName; text: string }> = {
  'Core Programming': { icon: 'code', text: 'Python, Java, C++ and Go fundamentals.' },
  'AI & Data': { icon: 'brain', text: 'Analytics, machine learning and generative AI.' },
  'Cloud & DevOps': { icon: 'cloud', text: 'AWS, Linux, containers and CI/CD.' },
  Security: { icon: 'shield', text: 'Ethical hacking, SOC and security basics.' },
  'Web & App': { icon: 'globe', text: 'Full stack web and Android development.' },
  'Emerging Tech': { icon: 'chip', text: 'Blockchain, IoT, AR and VR.' },
  'Electrical & Electronics': { icon: 'bolt', text: 'Embedded systems, VLSI and EVs.' },
  'Civil & Mechanical': { icon: 'gear', text: 'CAD, SolidWorks and structural analysis.' },
  Business: { icon: 'chart', text: 'Marketing, product and finance.' },
  'Design & Creative': { icon: 'palette', text: 'UI/UX, graphic design and video.' },
  'Science & Research': { icon: 'flask', text: 'Bioinformatics, research and climate data.' },
};

const FAQ = [
  {
    question: 'How do I pick the right goal?',
    answer:
      'Start with the work you want to do. Each goal shows the courses that lead there, with levels marked so you can start where you are.',
  },
  {
    question: 'Can I change my course after enrolling?',
    answer:
      'Yes: before your batch’s first class you can switch from My Courses: a plan to another programme at no cost, a course to any other course (if it costs less, we refund the difference to the payment you made; if it costs more, you pay the difference in checkout).',
  },
  {
    question: 'How much time do I need each week?',
    answer:
      'Plan for 6 to 8 hours a week: live classes three times a week on weekdays (1½ hours each) or twice at the weekend (2 hours each), plus practice. Weekend batches suit working learners.',
  },
  {
    question: 'Do I get a certificate?',
    answer: 'Yes, a verifiable certificate, once you have attended at least 3 in 4 of the live classes and passed the graded assignments.',
  },
];

export default function GetStartedPage() {
  useDocumentMeta('Get started', 'Choose a learning goal from 11 categories and find the Upskill course that fits you.');
  const navigate = useNavigate();
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>What do you want to learn?</h1>
          <p>Choose a learning goal and we will show you the courses that get you there.</p>
        </div>
      </section>
      <section className="section" aria-label="Learning goals">
        <div className="container">
          <ul className="grid grid--4 goal-grid">
            {CATEGORIES.map((category) => (
              <li key={category}>
                <button type="button" className="card goal" onClick={() => navigate(coursesPath({ goal: category }))}>
                  <Icon name={GOALS[category].icon} size={28} />
                  <strong>{category}</strong>
                  <span className="muted">{GOALS[category].text}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section--alt" aria-labelledby="gs-faq-title">
        <div className="container">
          <div className="section__head">
            <h2 id="gs-faq-title">Questions before you start</h2>
          </div>
          <Accordion items={FAQ} />
          <p className="center" style={{ marginTop: 32 }}>
            <Link className="btn btn--primary" to={paths.plansSection}>
              Compare plans
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
