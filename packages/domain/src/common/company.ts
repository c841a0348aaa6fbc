/** Company facts shown on the site: the one place for its phone numbers, e-mail and offices. */
export const COMPANY = {
  name: 'Upskill',
  /** The public site's origin: canonical URLs, the sitemap and structured data are built on it. */
  siteUrl: 'https://www.upskill-learning.in',
  tagline: 'Upskill. Empower. Succeed.',
  founded: 2023,
  email: 'hello@upskill-learning.in',
  phones: [
    { label: 'India', display: '+91 80 4718 2290', href: 'tel:+918047182290' },
    { label: 'USA', display: '+1 (646) 555-0142', href: 'tel:+16465550142' },
  ],
  offices: [
    {
      city: 'Bengaluru',
      region: 'Karnataka',
      postalCode: '560103',
      country: 'India',
      countryCode: 'IN',
      street: '4th Floor, Prestige Tech Park, Outer Ring Road, Marathahalli',
      lines: ['4th Floor, Prestige Tech Park', 'Outer Ring Road, Marathahalli', 'Bengaluru, Karnataka 560103, India'],
    },
    {
      city: 'New York',
      region: 'NY',
      postalCode: '10167',
      country: 'USA',
      countryCode: 'US',
      street: '245 Park Avenue, 24th Floor',
      lines: ['245 Park Avenue, 24th Floor', 'New York, NY 10167, USA'],
    },
  ],
  /**
   * The grievance officer the DPDP Rules ask us to name: privacy requests and complaints reach them (the
   * contact form's "Privacy request" topic goes to this inbox), and each is answered within 90 days.
   */
  grievanceOfficer: { name: 'Kavya Raman', role: 'Grievance Officer (Data Protection)', email: 'privacy@upskill-learning.in' },
  /** The legal entity named on receipts and in the payment gateway's checkout. */
  legalName: 'Upskill Learning Private Limited',
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/upskill.learning' },
    { name: 'X', href: 'https://x.com/upskill_learn' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/upskill-learning' },
    { name: 'Instagram', href: 'https://www.instagram.com/upskill.learning' },
  ],
} as const;

/** Marketing figures shown on the home and About pages. */
export const MARKETING = {
  learnersTrusted: '10,000',
  enrolledStudents: 500,
  expertInstructors: 20,
  interactiveCourses: 40,
  graduates: 5000,
  industryPartners: 200,
  employmentRate: 85,
  interactiveSessions: 1500,
  founded: 2023,
} as const;
