import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { createIcons, type IconChange } from '../src/domain/icons';
import { createIconStore } from '../src/store/icons';
import { openMediaDatabase } from './media-db';

let media: Awaited<ReturnType<typeof openMediaDatabase>>;
let icons: ReturnType<typeof createIcons>;
const changes: [string, IconChange][] = [];
beforeAll(async () => {
  media = await openMediaDatabase();
  icons = createIcons({
    store: createIconStore(media.db),
    changed: (colorCode, change) => {
      changes.push([colorCode, change]);
    },
  });
});
afterAll(() => media.close());
beforeEach(async () => {
  await media.db('icons').delete();
  changes.length = 0;
});

const adminId = randomUUID();
const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const svg = (inner: string, attributes = '') =>
  `<svg ${NS} viewBox="0 0 64 64"${attributes}>${inner}</svg>`;

const CLEAN = svg(
  '<defs><linearGradient id="g"><stop offset="0" stop-color="#f80"/></linearGradient>' +
    '<filter id="soft"><feGaussianBlur stdDeviation="1"/></filter></defs>' +
    '<circle id="ball" cx="32" cy="32" r="30" fill="url(#g)" filter="url( #soft )"/>' +
    '<use xlink:href="#ball"/><use href="#ball"/>' +
    '<image href="data:image/png;base64,iVBORw0KGgo=" width="8" height="8"/>' +
    '<text x="4" y="60">Tom &amp; Jerry</text>',
);

describe('a clean icon', () => {
  it('is kept, sanitised, as XML, and replaces the colour’s icon', async () => {
    const withProlog = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- drawn by hand -->\n${CLEAN}\n`;
    const answer = await icons.upload('orange', withProlog, adminId);
    expect(answer).toEqual({ colorCode: 'orange', svgContent: CLEAN });
    expect(await icons.list()).toEqual([answer]);
    const replaced = await icons.upload('orange', svg('<rect width="64" height="64"/>'), adminId);
    expect(await icons.list()).toEqual([replaced]);
    await icons.upload('blue', CLEAN, adminId);
    expect((await icons.list()).map((i) => i.colorCode)).toEqual(['blue', 'orange']);
    expect(changes).toEqual([
      ['orange', 'icon_uploaded'],
      ['orange', 'icon_uploaded'],
      ['blue', 'icon_uploaded'],
    ]);
    const [row] = await media.db('icons').where({ color: 'blue' });
    expect(row).toMatchObject({ updated_by: adminId, svg: CLEAN });
  });

  it('a comment inside is dropped without refusing the icon', async () => {
    const answer = await icons.upload(
      'red',
      svg('<!-- layer 1 --><rect width="1" height="1"/>'),
      adminId,
    );
    expect(answer.svgContent).toBe(svg('<rect width="1" height="1"/>'));
  });
});

describe('a hostile icon is refused, naming what it holds, and nothing is stored', () => {
  afterEach(async () => {
    expect(await media.count('icons')).toBe(0);
    expect(changes).toEqual([]);
  });

  const refused = (message: string, field = 'svg_content') => ({
    code: 'INVALID_ARGUMENT',
    message,
    details: { field },
  });
  const upload = (text: string, color = 'red') => icons.upload(color, text, adminId);
  const notAllowed = (what: string, verb = 'is') =>
    refused(`The SVG contains ${what}, which ${verb} not allowed`);
  const NOT_SVG = refused('svg_content must be an SVG document');

  it('with <script>', async () => {
    await expect(upload(svg('<script>alert(document.cookie)</script>'))).rejects.toMatchObject(
      notAllowed('<script>'),
    );
  });

  it('with onload', async () => {
    await expect(upload(svg('<rect/>', ' onload="alert(1)"'))).rejects.toMatchObject(
      notAllowed('the attribute onload'),
    );
  });

  it('with foreignObject (and the HTML inside it)', async () => {
    const text = svg(
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></div></foreignObject>',
    );
    await expect(upload(text)).rejects.toMatchObject(notAllowed('<foreignObject>'));
    const html = svg('<body xmlns="http://www.w3.org/1999/xhtml"><p>hi</p></body>');
    await expect(upload(html)).rejects.toMatchObject(notAllowed('<body> and <p>', 'are'));
  });

  it('with an external href', async () => {
    await expect(
      upload(svg('<image xlink:href="https://tracker.example/pixel.png"/>')),
    ).rejects.toMatchObject(
      notAllowed('an external reference (xlink:href="https://tracker.example/pixel.png")'),
    );
    await expect(upload(svg('<use href="other.svg#a"/>'))).rejects.toMatchObject(
      notAllowed('an external reference (href="other.svg#a")'),
    );
    await expect(upload(svg('<rect fill="url(https://x.example/f)"/>'))).rejects.toMatchObject(
      notAllowed('an external reference (fill="url(https://x.example/f)")'),
    );
    await expect(
      upload(svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>')),
    ).rejects.toMatchObject(
      notAllowed('an external reference (href="data:image/svg+xml;base64,PHN2Zz4=")'),
    );
  });

  it('with a javascript: URL', async () => {
    await expect(upload(svg('<a href="javascript:alert(1)"><rect/></a>'))).rejects.toMatchObject(
      notAllowed('a javascript: URL'),
    );
    await expect(
      upload(svg('<a xlink:href=" Java&#9;Script:alert(1)"><rect/></a>')),
    ).rejects.toMatchObject(notAllowed('a javascript: URL'));
  });

  it('several things at once are all named', async () => {
    await expect(
      upload(svg('<script>1</script><rect onclick="x()"/>', ' onload="y()"')),
    ).rejects.toMatchObject(
      notAllowed('the attribute onload, <script> and the attribute onclick', 'are'),
    );
  });

  it('with <style> or an animation of a link', async () => {
    await expect(
      upload(svg('<style>@import url(https://x.example/a.css);</style><rect/>')),
    ).rejects.toMatchObject(notAllowed('<style>'));
    await expect(
      upload(svg('<a><animate attributeName="href" values="javascript:alert(1)"/><rect/></a>')),
    ).rejects.toMatchObject(notAllowed('<animate>'));
  });

  it('with a DOCTYPE (entities could expand without bound)', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>' +
      svg('<text>&b;</text>');
    await expect(upload(laughs)).rejects.toMatchObject(
      refused('The SVG contains a DOCTYPE, which is not allowed'),
    );
  });

  it("a PNG's bytes sent as SVG", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    await expect(upload(png.toString('latin1'))).rejects.toMatchObject(NOT_SVG);
    await expect(upload(png.toString('utf8'))).rejects.toMatchObject(NOT_SVG);
  });

  it('HTML, an SVG without its namespace, trailing markup, empty text', async () => {
    for (const text of [
      '<html><body><svg xmlns="http://www.w3.org/2000/svg"></svg></body></html>',
      '<svg viewBox="0 0 1 1"><rect/></svg>',
      `${svg('<rect/>')}<img src=x onerror=alert(1)>`,
      '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>',
      '',
      'just text',
    ]) {
      await expect(upload(text)).rejects.toMatchObject(NOT_SVG);
    }
  });

  it('over 100 KB', async () => {
    const big = svg(`<desc>${'x'.repeat(100_000)}</desc>`);
    await expect(upload(big)).rejects.toMatchObject(refused('The SVG may be at most 100 KB'));
  });

  it('an unknown colour', async () => {
    await expect(upload(CLEAN, 'pink')).rejects.toMatchObject(
      refused('color_code must be one of orange, yellow, blue, red, green, purple', 'color_code'),
    );
    await expect(icons.remove('pink')).rejects.toMatchObject({ details: { field: 'color_code' } });
  });
});

describe('removing an icon', () => {
  it('deletes it; a colour without an icon is NOT_FOUND', async () => {
    await icons.upload('green', CLEAN, adminId);
    changes.length = 0;
    await icons.remove('green');
    expect(await icons.list()).toEqual([]);
    expect(changes).toEqual([['green', 'icon_deleted']]);
    await expect(icons.remove('green')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      details: { field: 'color_code' },
    });
    expect(changes).toHaveLength(1);
  });
});
