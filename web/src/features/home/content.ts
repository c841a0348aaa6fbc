import { MARKETING } from '@upskill/domain/common';
import { INSTRUCTORS } from '@upskill/domain/catalogue';

export const STATS = [
  { value: MARKETING.enrolledStudents, label: 'Enrolled students' },
  { value: MARKETING.expertInstructors, label: 'Expert instructors' },
  { value: MARKETING.interactiveCourses, label: 'Interactive courses' },
  { value: MARKETING.interactiveSessions, label: 'Interactive sessions' },
];

/** The instructors the home page features: the catalogue's own records, not copies. */
export const HOME_INSTRUCTORS = [INSTRUCTORS.ananya, INSTRUCTORS.daniel, INSTRUCTORS.priya, INSTRUCTORS.marcus, INSTRUCTORS.sofia];

export const TESTIMONIALS = [
  {
    name: 'Rohan Gupta',
    role: 'Frontend Developer at a Pune fintech',
    quote: 'The live projects gave me a portfolio I could actually talk about. I had two offers within a month of finishing.',
  },
  {
    name: 'Emily Chen',
    role: 'Data Analyst, Chicago',
    quote: 'I switched from retail management to analytics. The mentors were patient and the SQL module was superb.',
  },
  {
    name: 'Aditya Sharma',
    role: 'B.Tech student, VIT Vellore',
    quote: 'Weekend batches fit my college timetable perfectly. The DSA course made placement interviews far less scary.',
  },
  {
    name: 'Jessica Williams',
    role: 'UX Designer, Austin',
    quote: 'The bootcamp taught me a real design process. My case studies got me noticed by recruiters.',
  },
  {
    name: 'Karthik Reddy',
    role: 'Cloud Engineer, Hyderabad',
    quote: 'Hands-on AWS labs every week. I passed the Associate exam on my first attempt.',
  },
];

export const WHY_CHOOSE_US = [
  {
    title: 'Live, mentor-led classes',
    badge: 'Live',
    tip: 'Every course runs live sessions with a working professional, recorded for replay.',
    icon: 'users',
  },
  {
    title: 'Industry projects',
    badge: 'Hands-on',
    tip: 'Build portfolio projects with briefs from our 200+ industry partners.',
    icon: 'briefcase',
  },
  {
    title: 'Career support',
    badge: '85% placed',
    tip: 'Resume reviews, mock interviews and referrals: 85% of graduates are employed within six months.',
    icon: 'award',
  },
  {
    title: 'Flexible batches',
    badge: '4 slots',
    tip: 'Weekday or weekend, morning or evening: choose the batch that fits your day.',
    icon: 'clock',
  },
  {
    title: 'Certificates that count',
    badge: 'Verified',
    tip: 'Shareable certificates with a verification link employers can check.',
    icon: 'check',
  },
  { title: 'Small cohorts', badge: 'Max 40', tip: 'Cohorts are capped so every learner gets time with the mentor.', icon: 'users' },
  {
    title: 'Learn at your level',
    badge: '3 levels',
    tip: 'Beginner, intermediate and advanced tracks; each course page says which level it is.',
    icon: 'level',
  },
  {
    title: 'India and USA time zones',
    badge: 'Your time zone',
    tip: 'Mentors in India and the USA; mentor calls are booked and shown in your own time zone.',
    icon: 'globe',
  },
] as const;

export const COMPANIES = ['northwind', 'globex', 'initech', 'umbrella', 'hooli', 'vandelay', 'stark', 'wayne', 'acme', 'soylent', 'tyrell'];
