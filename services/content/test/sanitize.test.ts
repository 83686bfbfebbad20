import { previewOf, sanitiseUpdateHtml } from '../src/domain/sanitize';
import { startContent, type ContentHarness } from './harness';

const LINK = 'target="_blank" rel="noopener noreferrer"';

/** A hostile corpus (OWASP's XSS filter evasion cheat sheet, in kind) and what is kept of it. */
const corpus: [string, string, string][] = [
  ['a script', '<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
  ['a script split by another', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
  ['an event handler', '<p onclick="alert(1)" onmouseover=alert(1)>Hi</p>', '<p>Hi</p>'],
  ['an image with onerror', '<img src="x" onerror="alert(1)">text', 'text'],
  ['a broken image tag', '<img src=x onerror=alert(1)//', ''],
  ['a javascript: link', '<a href="javascript:alert(1)">Click</a>', 'Click'],
  ['a mixed-case javascript: link', '<a href="JaVaScRiPt:alert(1)">Click</a>', 'Click'],
  ['an entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">Click</a>', 'Click'],
  ['a javascript: link with a tab', '<a href="java\tscript:alert(1)">Click</a>', 'Click'],
  ['a vbscript: link', '<a href="vbscript:msgbox(1)">Click</a>', 'Click'],
  [
    'a data: link',
    '<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">Click</a>',
    'Click',
  ],
  ['a data: image', '<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
  ['an http image', '<img src="http://example.com/a.png">', ''],
  ['a protocol-relative link', '<a href="//evil.example/">Click</a>', 'Click'],
  ['a backslash link', '<a href="/\\evil.example/">Click</a>', 'Click'],
  [
    'style expressions',
    '<p style="width: expression(alert(1)); background: url(javascript:alert(1))">Hi</p>',
    '<p>Hi</p>',
  ],
  [
    'a style element',
    '<style>body { background: url(javascript:alert(1)) }</style><p>Hi</p>',
    '<p>Hi</p>',
  ],
  ['an iframe', '<iframe src="https://evil.example/">fallback</iframe><p>Hi</p>', '<p>Hi</p>'],
  ['an iframe with srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
  ['an object and an embed', '<object data="x.swf"></object><embed src="x.swf">Hi', 'Hi'],
  [
    'an svg with a script',
    '<svg onload="alert(1)"><script>alert(1)</script><text>Hi</text></svg>Ok',
    'Ok',
  ],
  [
    'math with a link',
    '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">X</maction></math>',
    '',
  ],
  ['a form', '<form action="https://evil.example"><input name="password">Send</form>', ''],
  [
    'a base and a meta',
    '<base href="https://evil.example/"><meta http-equiv="refresh" content="0">Hi',
    'Hi',
  ],
  ['a comment', '<p>Hi<!-- <script>alert(1)</script> --></p>', '<p>Hi</p>'],
  [
    'unclosed tags',
    '<p>One <strong>two <em>three',
    '<p>One <strong>two <em>three</em></strong></p>',
  ],
  // A stray </p> opens and closes an empty paragraph, as browsers read it.
  ['stray closing tags', '</p></div>Hi</strong>', '<p></p>Hi'],
  ['classes and ids', '<p class="x" id="y" data-x="1">Hi</p>', '<p>Hi</p>'],
  [
    'a kept link, its target and rel forced',
    '<a href="https://example.com/news" target="_self" rel="opener" title="t">News</a>',
    `<a href="https://example.com/news" ${LINK}>News</a>`,
  ],
  [
    'a mailto link and a path on this site',
    '<a href="mailto:team@ballmatch.example">Mail</a> <a href="/leaderboards">Boards</a>',
    `<a href="mailto:team@ballmatch.example" ${LINK}>Mail</a> <a href="/leaderboards" ${LINK}>Boards</a>`,
  ],
  [
    'kept images',
    '<img src="https://cdn.example.com/a.png" alt="Art" width="9999" style="x"><img src="/api/media/abc.webp">',
    '<img src="https://cdn.example.com/a.png" alt="Art" /><img src="/api/media/abc.webp" />',
  ],
  [
    'what editors write',
    '<h1>T</h1><div>D</div><b>B</b><i>I</i><del>X</del><h6>S</h6><span>plain</span>',
    '<h2>T</h2><p>D</p><strong>B</strong><em>I</em><s>X</s><h4>S</h4>plain',
  ],
  [
    'the allowed elements',
    '<h2>A</h2><h3>B</h3><h4>C</h4><p>x<br>y <u>u</u> <s>s</s></p><ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote><pre><code>c</code></pre>',
    '<h2>A</h2><h3>B</h3><h4>C</h4><p>x<br />y <u>u</u> <s>s</s></p><ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote><pre><code>c</code></pre>',
  ],
];

describe('the hostile corpus', () => {
  it.each(corpus)('%s', (_name, input, kept) => {
    const { html } = sanitiseUpdateHtml(input);
    expect(html).toBe(kept);
    // Sanitising what was kept keeps it all: the stored HTML is a fixed point.
    expect(sanitiseUpdateHtml(html).html).toBe(html);
    expect(html).not.toMatch(/<script|<iframe|<svg|<style|javascript:|data:|on\w+=|style=/i);
  });
});

describe('the text and its preview', () => {
  it('is the text of the markup: tags dropped, entities decoded, blocks apart', () => {
    const { text } = sanitiseUpdateHtml(
      '<h2>New&nbsp;season</h2><p>Win <strong>big</strong> &amp; <a href="/faq">read</a> &lt;this&gt;</p><ul><li>one</li><li>two</li></ul>line<br>break',
    );
    expect(text).toBe('New season Win big & read <this> one two line break');
  });

  it('is the first 300 characters, then ...', () => {
    const words = 'word '.repeat(100).trim();
    expect(Array.from(words)).toHaveLength(499);
    expect(previewOf(words)).toBe(`${words.slice(0, 299)}...`);
    expect(previewOf('x'.repeat(300))).toBe('x'.repeat(300));
    expect(previewOf('x'.repeat(301))).toBe(`${'x'.repeat(300)}...`);
    // Characters, not UTF-16 units: an emoji is one.
    expect(previewOf('🎉'.repeat(301))).toBe(`${'🎉'.repeat(300)}...`);
  });
});

describe('through the service', () => {
  let h: ContentHarness;
  beforeAll(async () => {
    h = await startContent();
  });
  afterAll(() => h.close());

  it('stores the sanitised HTML and answers it; the preview counts text, not markup', async () => {
    const text = 'a'.repeat(310);
    const made = (
      await h.updatesAdmin.createUpdate({
        title: 'Hostile',
        contentHtml: `<p onclick="x()"><strong style="color:red">${text}</strong></p><script>alert(1)</script><a href="javascript:alert(1)">tail</a>`,
      })
    ).update!;
    expect(made.contentHtml).toBe(`<p><strong>${text}</strong></p>tail`);
    expect(made.preview).toBe(`${'a'.repeat(300)}...`);
    await h.updatesAdmin.publishUpdate({ id: made.id, publishDate: '' });
    const [listed] = (await h.updates.listPublishedUpdates({ page: 1, limit: 10 })).data;
    expect(listed).toMatchObject({
      id: made.id,
      preview: `${'a'.repeat(300)}...`,
      contentHtml: '',
    });
    const read = (await h.updates.getPublishedUpdate({ id: made.id })).update!;
    expect(read.contentHtml).toBe(made.contentHtml);
    const stored = await h.db('updates').where({ id: made.id }).first();
    expect(stored.content_html).toBe(made.contentHtml);
  });
});
