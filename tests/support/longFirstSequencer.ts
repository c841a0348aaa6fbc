import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that took longest in a clean run (tests/.reports/api.json), slowest first. A clean clone has no
 * vitest cache, so vitest would order by file size, and the functions' deploy-package test (small, 52 s) started
 * last and ran alone for its last 33 s while the other two workers sat idle. Started first, it overlaps the rest.
 * The teams test is the second longest of each moved clock's six files (29 s in run AO, 1 December): started after
 * support and Q&A, it ran on alone for the clock's last 10 s.
 */
const LONG_FIRST = [
  'setup/functionsPackage.test.ts',
  'api/mentoring.test.ts',
  'api/teams.test.ts',
  'api/documents.test.ts',
  'api/mail.test.ts',
  'api/subscriptions.test.ts',
  'api/qa.test.ts',
  'api/support.test.ts',
];

const rank = (spec: TestSpecification) => {
  const i = LONG_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
  return i === -1 ? LONG_FIRST.length : i;
};

/** Vitest's own order (group, then project), with each project's known-long files moved to its front. */
export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const runs: TestSpecification[][] = [];
    for (const spec of sorted) {
      const last = runs.at(-1);
      if (last && last[0].project.name === spec.project.name) last.push(spec);
      else runs.push([spec]);
    }
    return runs.flatMap((run) =>
      run
        .map((spec, i) => ({ spec, i }))
        .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
        .map(({ spec }) => spec),
    );
  }
}
