// What the starter-lesson routes answer (functions/src/starter), and the summary My Courses shows.

export interface StarterLessonSummary {
  slug: string;
  position: number;
  title: string;
  minutes: number;
  /** Whether the caller may read it: every lesson with access, the first as a preview without. */
  open: boolean;
  done: boolean;
}

/** GET /api/starter/{programme}: the module's lessons and the caller's progress. Anyone may ask (signed out too). */
export interface StarterModuleAnswer {
  programme: { slug: string; name: string };
  /** 'full': Pre Registration, a paying learner of the programme, a membership, or the team; otherwise a preview. */
  access: 'full' | 'preview';
  signedIn: boolean;
  lessons: StarterLessonSummary[];
  done: number;
  percent: number;
}

/** GET /api/starter/{programme}/{lesson}: one lesson to read, with its neighbours on the path. */
export interface StarterLessonAnswer {
  programme: { slug: string; name: string };
  lesson: StarterLessonSummary;
  /** The lesson rendered from its Markdown (ours, built in; no HTML typed in it survives). */
  html: string;
  previous: { slug: string; title: string } | null;
  next: { slug: string; title: string } | null;
  total: number;
  /** Lessons done in the module, with this one's state. */
  doneCount: number;
  access: 'full' | 'preview';
  signedIn: boolean;
}

/** PUT /api/starter/{programme}/{lesson}/done {done}: the module's progress after the change. */
export interface StarterProgressAnswer {
  lesson: string;
  done: boolean;
  doneCount: number;
  total: number;
  percent: number;
}

/** One programme's starter lessons on My Courses (in GET /api/learning) and in the catalogue's preview. */
export interface StarterSummary {
  programme: string;
  name: string;
  total: number;
  done: number;
  percent: number;
  /** The lesson to open next: the first not done, or the first when all are. */
  nextLesson: string;
}

/** GET /api/starter: the caller's modules (those they may read in full, and any they have progress in). */
export interface StarterOverviewAnswer {
  modules: StarterSummary[];
}
