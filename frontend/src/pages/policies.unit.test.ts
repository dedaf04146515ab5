import { ALLOWED_TAGS, parseFrontMatter, policy, renderMarkdown } from './policies';
import { policyLinks } from './policy-links';

describe('the policy pages', () => {
  it.each(policyLinks.map((p) => [p.slug, p.title] as const))(
    '%s is rendered from its authored file, effective and updated January 17, 2025',
    (slug, title) => {
      const page = policy(slug);
      expect(page.title).toBe(title);
      expect(page.effective).toBe('January 17, 2025');
      expect(page.updated).toBe('January 17, 2025');
      expect(page.html).toContain('<h2>');
      expect(page.html.length).toBeGreaterThan(4000);
    },
  );

  it('state the retention periods, cookie lifetimes and regulatory status', () => {
    const text = (slug: Parameters<typeof policy>[0]) => policy(slug).html.replace(/<[^>]+>/g, '');
    expect(text('privacy-policy')).toMatch(/3 years/);
    expect(text('privacy-policy')).toMatch(/7 years/);
    expect(text('privacy-policy')).toMatch(/30 days/);
    expect(text('terms-of-service')).toMatch(/5.7 business days/);
    for (const duration of ['30 days', '1 year', '2 years', '90 days']) {
      expect(text('cookie-policy')).toContain(duration);
    }
    const cftc = text('cftc-compliance');
    expect(cftc).toMatch(/not registered with the Commodity Futures Trading Commission/);
    expect(cftc).toMatch(/not a member of the National Futures Association/);
    expect(cftc).toMatch(/not endorsed by the CFTC, the NFA or any exchange/);
  });

  it('keeps only the allowed elements and the class attribute', () => {
    const html = renderMarkdown(
      '# Title\n\nText with <a href="https://x.test">a link</a>, ![img](x.png) and <span class="note" style="color:red" onclick="x()">span</span>\n\n<script>alert(1)</script>\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<span class="note">span</span>');
    expect(html).not.toMatch(/<a|<img|<script|<table|style=|onclick/);
    const tags = [...html.matchAll(/<([a-z0-9]+)/g)].map((m) => m[1]);
    for (const tag of tags) expect(ALLOWED_TAGS).toContain(tag);
  });

  it('reads front matter', () => {
    expect(parseFrontMatter('---\ntitle: A\neffective: B\n---\n\nBody')).toEqual({
      fields: { title: 'A', effective: 'B' },
      body: '\nBody',
    });
    expect(parseFrontMatter('No front matter')).toEqual({ fields: {}, body: 'No front matter' });
  });
});
