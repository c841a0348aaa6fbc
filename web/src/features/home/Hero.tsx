import { Link } from 'react-router-dom';
import { MARKETING } from '@upskill/domain/common';
import { StaticHtml } from '../../components/StaticHtml';
import { paths } from '../../config/paths';

export function Hero() {
  return (
    <StaticHtml as="section" className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__copy">
          <span className="eyebrow">Upskill. Empower. Succeed.</span>
          <h1 id="hero-title">Learn the skills employers hire for, live with experts</h1>
          <p className="hero__lead">
            Mentor-led courses in programming, AI, cloud, security, design and business, built for students and career-switchers in India
            and the USA.
          </p>
          <div className="hero__actions">
            <Link className="btn btn--primary" to={paths.getStarted}>
              Get Started
            </Link>
            <Link className="btn btn--secondary" to="/Courses">
              Browse Courses
            </Link>
          </div>
          <p className="hero__trust">
            Trusted by over {MARKETING.learnersTrusted} learners since {MARKETING.founded}.
          </p>
        </div>
        <div className="hero__art" aria-hidden="true">
          <svg viewBox="0 0 480 400" width="480" height="400">
            <rect x="40" y="40" width="400" height="280" rx="20" fill="#ffffff" stroke="#e2e8f0" strokeWidth="2" />
            <rect x="40" y="40" width="400" height="40" rx="20" fill="#4338ca" />
            <circle cx="70" cy="60" r="6" fill="#f59e0b" />
            <circle cx="90" cy="60" r="6" fill="#c7d2fe" />
            <rect x="70" y="110" width="180" height="14" rx="7" fill="#c7d2fe" />
            <rect x="70" y="140" width="240" height="10" rx="5" fill="#e2e8f0" />
            <rect x="70" y="162" width="210" height="10" rx="5" fill="#e2e8f0" />
            <rect x="70" y="200" width="110" height="36" rx="8" fill="#4338ca" />
            <rect x="300" y="110" width="110" height="130" rx="14" fill="#eef2ff" />
            <path d="M320 215l20-30 18 20 16-26 18 36z" fill="#818cf8" />
            <circle cx="385" cy="135" r="10" fill="#f59e0b" />
            <rect x="70" y="260" width="340" height="8" rx="4" fill="#e2e8f0" />
            <rect x="70" y="260" width="250" height="8" rx="4" fill="#15803d" />
            <rect x="300" y="300" width="150" height="70" rx="14" fill="#0f172a" />
            <text x="318" y="330" fill="#fbbf24" fontSize="20" fontWeight="700">
              4.8 ★
            </text>
            <text x="318" y="354" fill="#e2e8f0" fontSize="13">
              average rating
            </text>
          </svg>
        </div>
      </div>
    </StaticHtml>
  );
}
