import { describe, expect, it } from 'vitest';
import { renderPost } from './markdown';

describe('a post’s Markdown, rendered and sanitised', () => {
  it('renders code blocks, inline code, lists, emphasis and links', () => {
    const html = renderPost('Why does **this** fail?\n\n```python\nprint("hi" < 3)\n```\n\n- `len(x)`\n- [docs](https://docs.python.org)');
    expect(html).toContain('<strong>this</strong>');
    expect(html).toMatch(/<pre><code class="language-python">print\((&quot;|")hi(&quot;|") &lt; 3\)\n<\/code><\/pre>/);
    expect(html).toContain('<li><code>len(x)</code></li>');
    expect(html).toContain('<a href="https://docs.python.org" rel="nofollow noopener noreferrer ugc" target="_blank">docs</a>');
  });

  it('HTML typed into a post stays text: no script, no onerror image, no iframe', () => {
    const html = renderPost('<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<iframe src="https://evil.example"></iframe>');
    expect(html).not.toMatch(/<(script|img|iframe)\b/i);
    expect(html).not.toMatch(/<[^>]*onerror/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('javascript:, vbscript: and data: links are not links', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'vbscript:msgbox(1)', 'data:text/html;base64,PHNjcmlwdD4=']) {
      const html = renderPost(`[click](${href})`);
      expect(html, href).not.toMatch(/href="(javascript|vbscript|data):/i);
      expect(html, href).not.toContain('<a href');
    }
  });

  it('an image becomes a link to it (the site loads images from its own origin only); a data: image is nothing', () => {
    expect(renderPost('![plot](https://example.com/p.png)')).toBe(
      '<p><a href="https://example.com/p.png" rel="nofollow noopener noreferrer ugc" target="_blank">plot</a></p>\n',
    );
    expect(renderPost('![x](data:image/png;base64,AAAA)')).not.toMatch(/<a|<img/);
  });
});
