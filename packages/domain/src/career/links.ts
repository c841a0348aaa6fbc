import { MAX_CAREER_LINK_CHARS, type CareerReviewKind } from './terms';

/** What a learner may share for a review: a document they control (resume), their profile (LinkedIn), or a job posting. */
export type CareerLinkKind = CareerReviewKind | 'posting';

const LINKEDIN_HOST = /^([a-z]{2,3}\.|www\.)?linkedin\.com$/;
/** A public profile: /in/{slug}, letters, digits, hyphens and underscores (and the percent-encoding of other letters). */
const LINKEDIN_PROFILE = /^\/in\/[A-Za-z0-9_%-]{3,100}\/?$/;

/**
 * Why a link cannot be taken, or null. Files are shared as links while uploads are not available (#57): an https link
 * to a document the learner controls, a LinkedIn profile's address, a posting's page. Never another scheme (no
 * `javascript:` or `data:`), never credentials in the address, never over 2,000 characters.
 */
export function careerLinkProblem(kind: CareerLinkKind, value: string): string | null {
  const link = value.trim();
  if (link.length > MAX_CAREER_LINK_CHARS) return 'A link is at most 2,000 characters.';
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    url = new URL('invalid:');
  }
  if (url.protocol !== 'https:' || !url.hostname.includes('.'))
    return kind === 'linkedin'
      ? 'Give your profile’s address, like https://www.linkedin.com/in/your-name.'
      : kind === 'resume'
        ? 'Give an https:// link to your resume: a Google Doc, Drive, OneDrive or Dropbox link, or a PDF’s address.'
        : 'Give the posting’s https:// address.';
  if (url.username || url.password) return 'A link cannot carry a user name or password.';
  if (kind === 'linkedin' && (!LINKEDIN_HOST.test(url.hostname) || !LINKEDIN_PROFILE.test(url.pathname)))
    return 'This is not a LinkedIn profile’s address. It looks like https://www.linkedin.com/in/your-name.';
  return null;
}
