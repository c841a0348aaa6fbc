import { paths } from '../../config/paths';

// The console's own pages, matched by StaffConsole from the path after /staff. Named here, not in
// config/paths, so the script every public page loads does not carry them.
export const staffPaths = {
  enrollments: paths.staff,
  messages: `${paths.staff}/messages`,
  batches: `${paths.staff}/batches`,
  team: `${paths.staff}/team`,
  finance: `${paths.staff}/finance`,
  mentors: `${paths.staff}/mentors`,
  placements: `${paths.staff}/placements`,
  reviews: `${paths.staff}/reviews`,
  support: `${paths.staff}/support`,
  qa: `${paths.staff}/qa`,
  organisations: `${paths.staff}/organisations`,
} as const;

export const staffEnrollmentPath = (id: string) => `${paths.staff}/enrollments/${encodeURIComponent(id)}`;
