import { describe, expect, it } from 'vitest';
import content from 'virtual:starter-content';
import { STARTER_PROGRAMMES } from '@upskill/domain/starter';
import { STARTER_MODULES, buildModules } from './content';

describe('the starter lessons in content/starter', () => {
  it('gives every programme 4-8 lessons in order, each with a title, minutes and text', () => {
    expect([...STARTER_MODULES.keys()]).toEqual(STARTER_PROGRAMMES.map((p) => p.slug));
    for (const module of STARTER_MODULES.values()) {
      expect(module.lessons.length, module.programme.slug).toBeGreaterThanOrEqual(4);
      expect(module.lessons.length, module.programme.slug).toBeLessThanOrEqual(8);
      expect(module.lessons.map((l) => l.position)).toEqual(module.lessons.map((_, i) => i + 1));
      for (const lesson of module.lessons) expect(lesson.html.length, lesson.slug).toBeGreaterThan(500);
    }
  });

  it('renders text, code and images: each module shows a diagram at its size, code that scrolls by keyboard', () => {
    for (const module of STARTER_MODULES.values()) {
      const html = module.lessons.map((l) => l.html).join('\n');
      expect(html, module.programme.slug).toMatch(
        new RegExp(`<img src="/starter/${module.programme.slug}/[a-z0-9-]+\\.svg" alt="[^"]{10,}" width="\\d+" height="\\d+"`),
      );
      expect(html, module.programme.slug).toMatch(/<pre tabindex="0" aria-label="[^"]+"><code/);
      // HTML typed into a lesson is text: no element of its own survives outside code.
      expect(html).not.toMatch(/<(script|iframe|style|kbd|div(?! class="lesson__table"))\b/);
    }
  });

  it('refuses a module with too few lessons, a gap in the numbering, an image of another programme or an unknown folder', () => {
    const files = content.files;
    const without = (programme: string, name: string) => files.filter((f) => !(f.programme === programme && f.name === name));
    expect(() => buildModules(without('cybersecurity', '04-when-something-happens.md'))).toThrow('cybersecurity: 3 starter lessons');
    const renumbered = files.map((f) =>
      f.programme === 'digital-marketing' && f.name.startsWith('02-') ? { ...f, name: f.name.replace('02-', '05-') } : f,
    );
    expect(() => buildModules(renumbered)).toThrow('digital-marketing: lesson paid-and-social is numbered 3, not 2');
    const borrowed = files.map((f) =>
      f.programme === 'cloud-computing' && f.name.startsWith('01-')
        ? {
            ...f,
            text: f.text.replace('/starter/cloud-computing/shared-responsibility.svg', '/starter/cybersecurity/defence-in-depth.svg'),
          }
        : f,
    );
    expect(() => buildModules(borrowed)).toThrow("is not the programme's");
    expect(() => buildModules([...files, { programme: 'knitting', name: '01-purl.md', text: files[0].text }])).toThrow('no such programme');
  });
});
