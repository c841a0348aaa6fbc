/** What a learner's career reviews are of: their resume, and their LinkedIn profile (#57). */
export const CAREER_REVIEW_KINDS = ['resume', 'linkedin'] as const;
export type CareerReviewKind = (typeof CAREER_REVIEW_KINDS)[number];

export const CAREER_REVIEW_NAMES: Record<CareerReviewKind, string> = {
  resume: 'Resume review',
  linkedin: 'LinkedIn review',
};

/** The name inside a sentence: "a resume review", "a LinkedIn review". */
export const careerReviewNoun = (kind: CareerReviewKind): string => (kind === 'resume' ? 'resume review' : 'LinkedIn review');

/** One point the reviewer checks, with what "good" means, shown to both sides. */
export interface ChecklistItem {
  id: string;
  label: string;
  good: string;
}

/**
 * The reviewer's checklist, from reviewers' guidelines (first impression, formatting, spelling, fit to the target
 * role, bullet feedback) and LinkedIn's own profile checklist. Each item is marked "good" or "change", with a comment.
 */
export const CHECKLISTS: Record<CareerReviewKind, readonly ChecklistItem[]> = {
  resume: [
    { id: 'contact', label: 'Contact details', good: 'Name, e-mail, phone, city and links (GitHub, LinkedIn) at the top, all current.' },
    { id: 'headline', label: 'Headline', good: 'One line that names the role you want and what you bring to it.' },
    {
      id: 'impact',
      label: 'Impact bullets with numbers',
      good: 'Each bullet starts with a verb and shows a result, with a number where there is one.',
    },
    {
      id: 'skills',
      label: 'Skills matched to the target role',
      good: 'The skills the target role asks for come first, and each is backed by a project or job.',
    },
    {
      id: 'projects',
      label: 'Projects with links',
      good: 'Two or three projects, each with what you built, the tools, and a link that works.',
    },
    {
      id: 'length',
      label: 'Length and formatting',
      good: 'One page (two with long experience), one font, consistent dates, no walls of text.',
    },
    {
      id: 'ats',
      label: 'Readable by applicant-tracking systems',
      good: 'Plain headings, text rather than images or tables, a PDF that selects as text.',
    },
    { id: 'spelling', label: 'Spelling and grammar', good: 'No typos; tense and punctuation consistent throughout.' },
  ],
  linkedin: [
    { id: 'photo', label: 'Photo', good: 'A clear, recent head-and-shoulders photo; a banner that fits your field.' },
    { id: 'headline', label: 'Headline', good: 'The role you want and your strongest skills, as keywords recruiters search for.' },
    { id: 'about', label: 'About', good: 'A short first-person summary: what you do, what you have built, what you are looking for.' },
    { id: 'experience', label: 'Experience', good: 'Each role and project with outcomes, matching your resume.' },
    { id: 'skills', label: 'Skills', good: 'The target role’s skills listed, the top three pinned.' },
    { id: 'featured', label: 'Featured work', good: 'Your best projects, certificates or posts featured with links.' },
    { id: 'url', label: 'Custom URL', good: 'linkedin.com/in/your-name rather than the one with numbers.' },
  ],
};

export const CHECK_MARKS = ['good', 'change'] as const;
export type CheckMark = (typeof CHECK_MARKS)[number];

/** A review's outcome: approved as it is, or changes suggested (which opens the one re-review). */
export const CAREER_VERDICTS = ['approved', 'changes-suggested'] as const;
export type CareerVerdict = (typeof CAREER_VERDICTS)[number];

export const CAREER_VERDICT_NAMES: Record<CareerVerdict, string> = {
  approved: 'Approved',
  'changes-suggested': 'Changes suggested',
};

/** Where a review stands, as the learner sees it: waiting (a draft is still waiting), or its released verdict. */
export type CareerReviewState = 'waiting' | CareerVerdict;

/** The longest link taken, and the longest texts. */
export const MAX_CAREER_LINK_CHARS = 2000;
export const MAX_TARGET_ROLE_CHARS = 120;
export const MAX_CHECK_COMMENT_CHARS = 1000;
export const MAX_SUMMARY_CHARS = 4000;
