import type { Thing, WithContext } from 'schema-dts';
import { COMPANY } from '@upskill/domain/common';

const SITE = COMPANY.name;

export function fullTitle(title: string): string {
  return title === SITE ? `${SITE}: live online courses in tech and professional skills` : `${title} | ${SITE}`;
}

/** What a page says about itself beyond its body: the head of its HTML file and of the live document. */
export interface PageMeta {
  title: string;
  description: string;
  /** A share image under /images/share (1200 x 630): a course page uses its category's. */
  image?: string;
  /** schema.org objects for search engines, written as JSON-LD. */
  structuredData?: readonly WithContext<Thing>[];
  /** Pages that must stay out of search results (forms, payment, personal pages, the 404). */
  noindex?: boolean;
}

export const DEFAULT_SHARE_IMAGE = '/images/share/upskill.jpg';

/** An absolute URL on the public site (canonical links, sitemap, share tags, structured data). */
export function siteUrl(path: string): string {
  return new URL(path, COMPANY.siteUrl).href;
}

export interface HeadTag {
  tag: 'link' | 'meta' | 'script';
  attrs: Record<string, string>;
  text?: string;
}

/**
 * The tags of a page's head other than <title> and the description: canonical URL, robots, Open Graph,
 * Twitter card and JSON-LD. The prerender writes them into each HTML file and the app replaces them on
 * navigation, from this one list.
 */
export function headTags(meta: PageMeta, path: string): HeadTag[] {
  if (meta.noindex) return [{ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } }];
  const url = siteUrl(path);
  const image = siteUrl(meta.image ?? DEFAULT_SHARE_IMAGE);
  const title = fullTitle(meta.title);
  const property = (name: string, content: string): HeadTag => ({ tag: 'meta', attrs: { property: name, content } });
  const named = (name: string, content: string): HeadTag => ({ tag: 'meta', attrs: { name, content } });
  return [
    { tag: 'link', attrs: { rel: 'canonical', href: url } },
    property('og:type', 'website'),
    property('og:site_name', SITE),
    property('og:locale', 'en_IN'),
    property('og:url', url),
    property('og:title', title),
    property('og:description', meta.description),
    property('og:image', image),
    property('og:image:width', '1200'),
    property('og:image:height', '630'),
    property('og:image:alt', meta.title),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', title),
    named('twitter:description', meta.description),
    named('twitter:image', image),
    named('twitter:image:alt', meta.title),
    ...(meta.structuredData ?? []).map((data): HeadTag => ({
      tag: 'script',
      attrs: { type: 'application/ld+json' },
      text: JSON.stringify(data),
    })),
  ];
}

/** Text for an HTML attribute or text node: `&`, `"` and `<` escaped. */
export const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
// Inside <script>, only '</script' or '<!--' could end the block early: JSON allows '<' to be written as \u003c.
const escapeScript = (text: string) => text.replace(/</g, '\\u003c');

/** The tags as HTML for a prerendered file; `data-head` marks the ones the app replaces on navigation. */
export function headHtml(tags: readonly HeadTag[]): string {
  return tags
    .map(({ tag, attrs, text }) => {
      const attributes = Object.entries(attrs)
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join('');
      return tag === 'script' ? `<script data-head${attributes}>${escapeScript(text ?? '')}</script>` : `<${tag} data-head${attributes}>`;
    })
    .join('');
}
