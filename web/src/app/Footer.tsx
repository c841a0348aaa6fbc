import { Link } from 'react-router-dom';
import { COMPANY } from '@upskill/domain/common';
import { Icon, type IconName } from '../components/Icon';
import { LogoMark } from '../components/Logo';
import { StaticHtml } from '../components/StaticHtml';
import { paths } from '../config/paths';
import { NewsletterForm } from '../features/newsletter';

const COLUMNS = [
  {
    title: 'Explore',
    links: [
      { to: paths.courses, label: 'Courses' },
      { to: paths.about, label: 'About Us' },
      { to: paths.blog, label: 'Blog' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: paths.contact, label: 'Contact' },
      { to: paths.faq, label: 'FAQ' },
      { to: paths.help, label: 'Help Centre' },
      { to: paths.terms, label: 'Terms of Use' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: paths.privacyPolicy, label: 'Privacy Policy' },
      { to: paths.termsConditions, label: 'Terms & Conditions' },
      { to: paths.cookies, label: 'Cookie Policy' },
      { to: paths.privacy, label: 'Your Privacy' },
    ],
  },
];

const SOCIAL_ICONS: Record<string, IconName> = { Facebook: 'facebook', X: 'x', LinkedIn: 'linkedin', Instagram: 'instagram' };

export default function Footer() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-grid">
          <div className="footer-brand">
            <StaticHtml>
              <Link to={paths.home} className="logo" aria-label="Upskill home">
                <LogoMark />
                <span>Upskill</span>
              </Link>
              <p>{COMPANY.tagline} Live, mentor-led courses for students and career-switchers.</p>
            </StaticHtml>
            <NewsletterForm />
          </div>
          {COLUMNS.map((column) => (
            <StaticHtml className="footer-col" key={column.title}>
              <h2>{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </StaticHtml>
          ))}
          <StaticHtml className="footer-col">
            <h2>Contact Us</h2>
            <ul>
              {COMPANY.phones.map((phone) => (
                <li key={phone.href}>
                  <a href={phone.href}>
                    {phone.display} <span className="visually-hidden">({phone.label})</span>
                  </a>
                </li>
              ))}
              <li>
                <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
              </li>
              {COMPANY.offices.map((office) => (
                <li key={office.city}>
                  <address>{office.lines.join(', ')}</address>
                </li>
              ))}
            </ul>
          </StaticHtml>
        </div>
        <StaticHtml className="footer-bottom">
          <p>
            © {COMPANY.founded} {COMPANY.name}. All rights reserved.
          </p>
          <ul className="social" aria-label="Upskill on social media">
            {COMPANY.social.map((network) => (
              <li key={network.name}>
                <a href={network.href} target="_blank" rel="noopener noreferrer" aria-label={`Upskill on ${network.name}`}>
                  <Icon name={SOCIAL_ICONS[network.name] ?? 'globe'} size={18} />
                </a>
              </li>
            ))}
          </ul>
        </StaticHtml>
      </div>
    </footer>
  );
}
