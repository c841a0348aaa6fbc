import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

// Questions and answers are written in Markdown and stored with their HTML, rendered here once. markdown-it with
// `html: false` turns any HTML typed into text, and refuses javascript:, vbscript: and data: links; sanitize-html
// then keeps only the tags and attributes Markdown makes, so no script, handler or style survives either way.

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: false, typographer: false });

const ALLOWED = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'em',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'code',
    'pre',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
  ],
  allowedAttributes: { a: ['href', 'title'], code: ['class'], th: ['style'], td: ['style'], ol: ['start'] },
  allowedClasses: { code: [/^language-[a-z0-9+#-]{1,20}$/] },
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowProtocolRelative: false,
  // Links leave the site with no referrer or ranking credit, in a new tab.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer ugc', target: '_blank' }),
    // An image becomes a link to it: the site's Content-Security-Policy loads images from our own origin only.
    // From anywhere but https (a data: image), only its alt text stays.
    img: (_tag, attribs): sanitizeHtml.Tag =>
      attribs.src?.startsWith('https://')
        ? {
            tagName: 'a',
            attribs: { href: attribs.src, rel: 'nofollow noopener noreferrer ugc', target: '_blank' },
            text: attribs.alt || 'image',
          }
        : { tagName: 'span', attribs: {}, text: attribs.alt ?? '' },
  },
} satisfies sanitizeHtml.IOptions;

/** A post's Markdown as the HTML the pages show: rendered, then sanitised. */
export function renderPost(source: string): string {
  return sanitizeHtml(markdown.render(source), {
    ...ALLOWED,
    allowedAttributes: { ...ALLOWED.allowedAttributes, a: ['href', 'title', 'rel', 'target'] },
  });
}
