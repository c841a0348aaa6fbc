import { gstinProblem, gstinStateCode, isGstStateCode, normalizeGstin, stateName } from '../tax';

// Teams and campuses (issue 56): an organisation buys seats for its people. A team is a company; a campus is a
// college, whose students join with the e-mail addresses of its own domains.

export const ORGANISATION_KINDS = ['team', 'campus'] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];
export const ORGANISATION_KIND_LABELS: Record<OrganisationKind, string> = { team: 'Team (a company)', campus: 'Campus (a college)' };

/** A campus names at most this many student e-mail domains. */
export const MAX_CAMPUS_DOMAINS = 5;

export interface OrganisationDetails {
  kind: OrganisationKind;
  /** The legal name, printed on quotes and tax invoices. */
  legalName: string;
  /** The billing address, printed on quotes and invoices. */
  address: string;
  /** The billing address's GST state code. */
  state: string;
  /** Optional: many colleges are not registered for GST. Its state code must be the billing state's. */
  gstin: string | null;
  /** A campus's student e-mail domains (`students.example.ac.in`); a team names none. */
  domains: string[];
}

// A host name: labels of letters, digits and inner hyphens, and a top-level label of letters.
const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A domain as typed ("@Students.College.ac.in ") in the form it is stored and compared in. */
export const normaliseDomain = (value: string): string => value.trim().toLowerCase().replace(/^@/, '');

/** Why these details cannot be accepted, per field, in words for the form (empty when they can). */
export function organisationProblems(details: OrganisationDetails): Partial<Record<keyof OrganisationDetails, string>> {
  const problems: Partial<Record<keyof OrganisationDetails, string>> = {};
  const name = details.legalName.trim();
  if (name.length < 2 || name.length > 200) problems.legalName = 'Give the legal name, as it is registered (2 to 200 characters).';
  const address = details.address.trim();
  if (address.length < 10 || address.length > 500) problems.address = 'Give the billing address in full (10 to 500 characters).';
  if (!isGstStateCode(details.state)) problems.state = 'Choose the state or union territory of the billing address.';
  if (details.gstin) {
    const problem = gstinProblem(details.gstin);
    if (problem) problems.gstin = problem;
    else if (!problems.state && gstinStateCode(details.gstin) !== details.state)
      problems.gstin = `This GSTIN is registered in ${stateName(gstinStateCode(details.gstin))}, but the billing address is in ${stateName(details.state)}. Use the GSTIN of the billing state.`;
  }
  const domains = details.domains.map(normaliseDomain);
  if (details.kind === 'team' && domains.length > 0) problems.domains = 'Only a campus names student e-mail domains.';
  if (details.kind === 'campus') {
    const bad = domains.find((d) => !DOMAIN.test(d));
    if (domains.length === 0) problems.domains = 'Name the e-mail domain your students sign up with (for example students.college.ac.in).';
    else if (domains.length > MAX_CAMPUS_DOMAINS) problems.domains = `Name at most ${MAX_CAMPUS_DOMAINS} domains.`;
    else if (bad !== undefined) problems.domains = `${bad || 'An empty line'} is not an e-mail domain.`;
    else if (new Set(domains).size !== domains.length) problems.domains = 'Each domain once, please.';
  }
  return problems;
}

/** The details as stored: trimmed, the GSTIN in capitals, domains in lower case. */
export const normaliseOrganisation = (details: OrganisationDetails): OrganisationDetails => ({
  kind: details.kind,
  legalName: details.legalName.trim(),
  address: details.address.trim(),
  state: details.state,
  gstin: details.gstin ? normalizeGstin(details.gstin) : null,
  domains: details.kind === 'campus' ? details.domains.map(normaliseDomain) : [],
});

/**
 * Whether an address may use a campus's join link: a verified address whose domain is exactly one of the campus's
 * (a subdomain is someone else's: anyone can run mail for a name under a domain they control).
 */
export function campusMayJoin(user: { email: string; emailVerified: boolean }, domains: readonly string[]): boolean {
  if (!user.emailVerified) return false;
  const at = user.email.lastIndexOf('@');
  if (at < 1) return false;
  const domain = user.email.slice(at + 1).toLowerCase();
  return domains.some((d) => normaliseDomain(d) === domain);
}
