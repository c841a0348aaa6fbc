import MarkdownIt from 'markdown-it';
import content from 'virtual:starter-content';
import {
  STARTER_IMAGE,
  STARTER_MAX_LESSONS,
  STARTER_MIN_LESSONS,
  STARTER_PROGRAMMES,
  parseStarterLesson,
  starterImagesOf,
  type StarterLessonFile,
  type StarterProgramme,
} from '@upskill/domain/starter';

// The starter modules, from the lesson files built into the functions (starterContent.mjs). They are checked and
// rendered once, when this module loads: a bad file fails the build's unit test and every request alike, never
// one learner's page.

export interface StarterLesson extends StarterLessonFile {
  html: string;
}
export interface StarterModule {
  programme: StarterProgramme;
  lessons: StarterLesson[];
}

// Our own text: HTML typed into a lesson stays text all the same (html: false), like the forum's posts.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });
const escape = (text: string) => markdown.utils.escapeHtml(text);

// An image: one of the programme's SVG diagrams, at its declared size so the page keeps its place while it loads.
markdown.renderer.rules.image = (tokens, idx) => {
  const token = tokens[idx];
  const src = String(token.attrGet('src') ?? '');
  const size = content.images[src];
  if (!STARTER_IMAGE.test(src) || !size) throw new Error(`starter lesson image ${src}: not one of web/public/starter's SVGs with a size`);
  const alt = escape(token.children?.map((c) => c.content).join('') ?? '');
  return `<img src="${escape(src)}" alt="${alt}" width="${size[0]}" height="${size[1]}" loading="lazy" decoding="async">`;
};
// Code and tables scroll sideways inside the lesson on a phone, so they must take focus to be scrolled by keyboard.
markdown.renderer.rules.fence = (tokens, idx) => {
  const token = tokens[idx];
  const language = token.info.trim().split(/\s+/)[0];
  const label = language ? ` aria-label="${escape(language)} code"` : ' aria-label="Code"';
  const cls = language ? ` class="language-${escape(language)}"` : '';
  return `<pre tabindex="0"${label}><code${cls}>${escape(token.content)}</code></pre>\n`;
};
markdown.renderer.rules.table_open = () => '<div class="lesson__table" tabindex="0" role="region" aria-label="Table"><table>\n';
markdown.renderer.rules.table_close = () => '</table></div>\n';
// Links to other sites open in a new tab, with no referrer.
const defaultLink = markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  if (/^https?:/.test(String(tokens[idx].attrGet('href') ?? ''))) {
    tokens[idx].attrSet('rel', 'noopener noreferrer');
    tokens[idx].attrSet('target', '_blank');
  }
  return defaultLink(tokens, idx, options, env, self);
};

/** The modules, checked: every programme has 4-8 lessons numbered 1, 2, ... with distinct slugs and only its own images. */
export function buildModules(files: typeof content.files): Map<string, StarterModule> {
  const modules = new Map<string, StarterModule>();
  for (const programme of STARTER_PROGRAMMES) {
    const lessons = files
      .filter((f) => f.programme === programme.slug)
      .map((f) => parseStarterLesson(f.name, f.text))
      .sort((a, b) => a.position - b.position);
    if (lessons.length < STARTER_MIN_LESSONS || lessons.length > STARTER_MAX_LESSONS)
      throw new Error(`${programme.slug}: ${lessons.length} starter lessons, not ${STARTER_MIN_LESSONS}-${STARTER_MAX_LESSONS}`);
    lessons.forEach((lesson, i) => {
      if (lesson.position !== i + 1)
        throw new Error(`${programme.slug}: lesson ${lesson.slug} is numbered ${lesson.position}, not ${i + 1}`);
      if (lessons.some((other) => other !== lesson && other.slug === lesson.slug))
        throw new Error(`${programme.slug}: two lessons are ${lesson.slug}`);
      for (const src of starterImagesOf(lesson.body))
        if (STARTER_IMAGE.exec(src)?.[1] !== programme.slug)
          throw new Error(`${programme.slug}/${lesson.slug}: image ${src} is not the programme's`);
    });
    modules.set(programme.slug, { programme, lessons: lessons.map((lesson) => ({ ...lesson, html: markdown.render(lesson.body) })) });
  }
  const unknown = files.find((f) => !modules.has(f.programme));
  if (unknown) throw new Error(`content/starter/${unknown.programme}: no such programme`);
  return modules;
}

export const STARTER_MODULES: ReadonlyMap<string, StarterModule> = buildModules(content.files);
