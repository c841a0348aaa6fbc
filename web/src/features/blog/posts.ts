export interface BlogPost {
  slug: string;
  title: string;
  summary: string;
  author: string;
  date: string;
  readMinutes: number;
  body: { heading?: string; text: string }[];
}

export const POSTS: readonly BlogPost[] = [
  {
    slug: 'switching-careers-into-tech',
    title: 'Switching careers into tech: a realistic 6-month plan',
    summary: 'What to learn first, how many hours it takes, and how to show employers you can do the job.',
    author: 'Kavya Iyer',
    date: '2026-10-14',
    readMinutes: 6,
    body: [
      {
        text: 'Every month we meet people who want to move into tech from teaching, retail, finance or engineering. The good news: it is possible, and faster than most people think, if the plan is realistic.',
      },
      {
        heading: 'Month 1 to 2: pick one direction',
        text: 'Choose a role, not a technology. Data analyst, frontend developer and cloud support engineer are common first roles with clear skill lists. Commit to one for six months.',
      },
      {
        heading: 'Month 3 to 4: build in public',
        text: 'Finish two small projects that solve a real problem from your current industry. A retail manager who builds a stock dashboard has a story recruiters remember.',
      },
      {
        heading: 'Month 5 to 6: practise the hiring process',
        text: 'Mock interviews, a sharp resume and ten conversations with people in the role matter as much as another course. Our career team runs all three.',
      },
      {
        text: 'Set aside 8 hours a week, protect them like a meeting, and measure progress by projects shipped rather than videos watched.',
      },
    ],
  },
  {
    slug: 'what-recruiters-look-for-in-a-portfolio',
    title: 'What recruiters actually look for in a portfolio',
    summary: 'We asked hiring managers from our partner companies. Their answers were surprisingly consistent.',
    author: 'Daniel Brooks',
    date: '2026-09-02',
    readMinutes: 5,
    body: [
      {
        text: 'We surveyed 40 hiring managers from our industry partners in India and the USA about the portfolios that made them pick up the phone.',
      },
      {
        heading: 'Fewer, deeper projects',
        text: 'Three projects with a clear problem, your decisions and the result beat ten tutorial clones. Explain what you would do differently next time.',
      },
      {
        heading: 'Readable code and a README',
        text: 'Managers open the repository. A README with setup steps, screenshots and a short architecture note signals you can work in a team.',
      },
      {
        heading: 'Evidence of collaboration',
        text: 'Pull requests, code reviews and pair-programming notes show you can work with others, which is most of the job.',
      },
    ],
  },
  {
    slug: 'learning-while-in-college',
    title: 'Learning industry skills while still in college',
    summary: 'How students balance semester exams with live courses, and why weekend batches exist.',
    author: 'Ananya Rao',
    date: '2026-07-21',
    readMinutes: 4,
    body: [
      { text: 'A third of our learners are still in college. Most tell us the hardest part is not the material but the calendar.' },
      {
        heading: 'Use the weekend batches',
        text: 'Weekend morning and evening batches were designed around semester timetables. Switch batches around exams by writing to support.',
      },
      {
        heading: 'Align projects with coursework',
        text: 'Many students turn their capstone into a final-year project, with their professor’s approval, getting twice the value from the same work.',
      },
      {
        heading: 'Start internships early',
        text: 'A finished course project is often the push a student needs to land a first internship in the second or third year.',
      },
    ],
  },
];

export function findPost(slug: string | undefined): BlogPost | undefined {
  return POSTS.find((post) => post.slug === slug);
}

export const postDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
