/**
 * The lesson renderer (the app's one markdown renderer, content/markdown.ts) against an XSS corpus:
 * nothing outside the formatting rule's allow-list survives — elements p, h1–h6, ul, ol, li, strong, em,
 * code, pre, blockquote, br, span, div; the class attribute only.
 */
import { ALLOWED_ATTR, ALLOWED_TAGS, renderMarkdown, sanitizeHtml } from '../../content/markdown';
import { renderSections } from './LessonContent';

const corpus: readonly string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.test/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<p onclick="alert(1)" onmouseover=alert(2)>click</p>',
  '<div onpointerenter="alert(1)" class="ok">div</div>',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">js link</a>',
  '<a href="JaVaScRiPt:alert(1)">mixed case</a>',
  '<a href="jav&#x09;ascript:alert(1)">entity tab</a>',
  '[md link](javascript:alert(1))',
  '<javascript:alert(1)>',
  '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![img](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '<a href="data:text/html,<script>alert(1)</script>">data</a>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html,<script>alert(1)</script>">',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="1" y="1">svg link</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mi xlink:href="javascript:alert(1)">math</mi></math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<frameset><frame src="javascript:alert(1)"></frameset>',
  '<style>body { background: url("javascript:alert(1)") }</style>',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<span style="position:fixed;inset:0" class="note">overlay</span>',
  '<link rel="stylesheet" href="https://evil.test/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.test/">',
  '<form action="javascript:alert(1)"><input type="submit" formaction="javascript:alert(2)"><button>Go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<select onchange=alert(1)><option>o</option></select><textarea>t</textarea>',
  '<details open ontoggle=alert(1)><summary>s</summary></details>',
  '<video><source onerror=alert(1)></video><audio src=x onerror=alert(1)></audio>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><script>alert(1)</script></template>',
  '<table><tr><td background="javascript:alert(1)">cell</td></tr></table>',
  '<div id="x" title="t" name="n" data-x="1" aria-label="a" role="button" tabindex="0" class="c">attrs</div>',
  '<p class="ok" lang="en" dir="rtl" hidden>kept text</p>',
  '<!-- <img src=x onerror=alert(1)> --><p>after comment</p>',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<h1 onclick=alert(1)>h</h1><blockquote cite="javascript:alert(1)">q</blockquote>',
  '<pre><code class="language-js" onmouseover=alert(1)>code()</code></pre>',
  '<ul><li><a href="https://example.com">ok link</a></li></ul>',
  '<marquee onstart=alert(1)>m</marquee><isindex action=javascript:alert(1) type=image>',
  '<xss onafterscriptexecute=alert(1)><script>1</script>',
  '<custom-element onclick=alert(1)>custom</custom-element>',
  '<img src="x` `<script>alert(1)</script>"` `>',
];

/** Every element and attribute in `html`, parsed by the browser's own parser. */
function inventory(html: string) {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const elements = [...doc.body.querySelectorAll('*')];
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_COMMENT);
  return {
    tags: elements.map((el) => el.tagName.toLowerCase()),
    attributes: elements.flatMap((el) => [...el.attributes].map((a) => ({ name: a.name, value: a.value }))),
    hasComment: walker.nextNode() !== null,
  };
}

function expectOnlyAllowed(html: string): void {
  const { tags, attributes, hasComment } = inventory(html);
  for (const tag of tags) expect(ALLOWED_TAGS).toContain(tag);
  for (const { name, value } of attributes) {
    expect(ALLOWED_ATTR).toContain(name);
    expect(value).not.toMatch(/javascript:|data:/i);
  }
  expect(hasComment).toBe(false);
  expect(html).not.toMatch(/<script|<style|<svg|<math|<iframe|<form|<input|<img|<a[\s>]|\son\w+=|style=/i);
  // Sanitising again changes nothing (no mutation-XSS left for a second parse).
  expect(sanitizeHtml(html)).toBe(html);
}

describe('the lesson sanitizer', () => {
  it.each(corpus.map((item) => [item]))('%s: nothing outside the allow-list survives', (item) => {
    expectOnlyAllowed(renderMarkdown(item));
    expectOnlyAllowed(sanitizeHtml(item));
  });

  it('the whole corpus at once, inside lesson sections', () => {
    const lesson = `## Overview\n\n${corpus.join('\n\n')}\n\n## Example: Evil\n\n${corpus.join(' ')}`;
    const sections = renderSections(lesson);
    expect(sections.map((s) => s.type)).toEqual(['overview', 'example']);
    for (const section of sections)
      for (const part of section.parts) if (part.kind === 'html') expectOnlyAllowed(part.html);
  });

  it('a calculator directive becomes a calculator part; the text around it is sanitised as before', () => {
    const lesson =
      '## Example: Try It\n\nBefore <img src=x onerror=alert(1)>.\n\n::calculator{contract="ES" mode="pnl"}\n\nAfter.';
    const [section] = renderSections(lesson);
    expect(section?.parts.map((p) => p.kind)).toEqual(['html', 'calculator', 'html']);
    expect(section?.parts[1]).toEqual({ kind: 'calculator', contract: 'ES', mode: 'pnl' });
    for (const part of section?.parts ?? []) if (part.kind === 'html') expectOnlyAllowed(part.html);
    expect(JSON.stringify(section?.parts)).not.toContain('onerror');
  });

  it('keeps what lessons use: paragraphs, sub-headings, lists, strong, em, code, pre, blockquote, class', () => {
    const html = renderMarkdown(
      '### Sub\n\nText with **bold**, *italic* and `code`.\n\n- one\n- two\n\n1. first\n\n> quoted\n\n```\nblock\n```\n\nline  \nbreak <span class="note">note</span>',
    );
    expect(inventory(html).tags.sort()).toEqual(
      [
        'h3',
        'p',
        'strong',
        'em',
        'code',
        'ul',
        'li',
        'li',
        'ol',
        'li',
        'blockquote',
        'p',
        'pre',
        'code',
        'p',
        'br',
        'span',
      ].sort(),
    );
    expect(html).toContain('<span class="note">note</span>');
  });

  it('keeps the text of removed harmless elements (a link keeps its words, not its target)', () => {
    const html = renderMarkdown('See [the exchange](https://example.com) and [this](javascript:alert(1)).');
    expect(html.trim()).toBe('<p>See the exchange and this.</p>');
  });
});
