import { boardFaces, readOffers } from '@/features/game/model/ad-offers';
import {
  adImageUrl,
  colorFromCode,
  iconImageUrl,
  mergeFaces,
  sanitizeSvg,
  validIcons,
} from '@/game/faces';

const svgOf = (url: string) =>
  decodeURIComponent(url.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('icon SVG validation and sanitising', () => {
  it('keeps a valid drawing', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="red"/></svg>';
    const clean = sanitizeSvg(svg)!;
    expect(clean).toContain('<circle');
    expect(clean).toContain('viewBox="0 0 10 10"');
    expect(clean).toContain('width="128"');
  });

  it('refuses what is not an SVG document', () => {
    expect(sanitizeSvg('')).toBeNull();
    expect(sanitizeSvg('hello')).toBeNull();
    expect(sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>')).toBeNull();
    expect(sanitizeSvg('<html xmlns="http://www.w3.org/1999/xhtml"></html>')).toBeNull();
    expect(sanitizeSvg('<svg></svg>')).toBeNull(); // not in the SVG namespace
    expect(
      sanitizeSvg('<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg"/>'),
    ).toBeNull();
    expect(iconImageUrl(42)).toBeNull();
  });

  it('removes scripts, event handlers, foreign content and outside references', () => {
    const hostile = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)">
      <script>alert(2)</script>
      <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>
      <a href="javascript:alert(3)"><rect width="5" height="5"/></a>
      <image href="https://evil.example/track.png" width="5" height="5"/>
      <use xlink:href="https://evil.example/x.svg#a"/>
      <use href="#local"/>
      <rect id="local" width="2" height="2" style="fill:url(https://evil.example/x)" onclick="x()"/>
      <circle r="3" fill="url(#grad)"/>
      <style>@import url(https://evil.example/x.css);</style>
    </svg>`;
    const clean = sanitizeSvg(hostile)!;
    expect(clean).not.toMatch(
      /script|onload|onclick|foreignObject|javascript|evil\.example|<a |<style|@import/,
    );
    expect(clean).toContain('href="#local"');
    expect(clean).toContain('fill="url(#grad)"');
    expect(clean).toContain('<rect');
  });

  it('accepts base64 raster data images as they are and sanitises base64 SVG', () => {
    expect(iconImageUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(iconImageUrl('data:image/png;base64,not base64!')).toBeNull();
    expect(iconImageUrl('data:text/html;base64,PHNjcmlwdD4=')).toBeNull();
    const url = iconImageUrl(
      `data:image/svg+xml;base64,${b64('<svg xmlns="http://www.w3.org/2000/svg" onload="x()"><circle r="2"/></svg>')}`,
    )!;
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(svgOf(url)).not.toContain('onload');
    expect(svgOf(url)).toContain('<circle');
  });

  it('draws a plain SVG through a data: URL', () => {
    const url = iconImageUrl(
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>',
    )!;
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(svgOf(url)).toContain('<rect');
  });
});

describe('icons and ads by colour', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>';

  it('reads colour names and hex codes', () => {
    expect(colorFromCode('orange')).toBe('orange');
    expect(colorFromCode(' RED ')).toBe('red');
    expect(colorFromCode('#FFD700')).toBe('yellow');
    expect(colorFromCode('#00ff00')).toBe('green');
    expect(colorFromCode('pink')).toBeNull();
    expect(colorFromCode(undefined)).toBeNull();
  });

  it('keeps valid icons, one per colour, and skips the rest with a warning', () => {
    const faces = validIcons([
      { color_code: 'blue', svg_content: svg },
      { color_code: 'blue', svg_content: svg },
      { color_code: 'pink', svg_content: svg },
      { color_code: 'red', svg_content: '<div>not svg</div>' },
    ]);
    expect(faces.map((f) => f.color)).toEqual(['blue']);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('unknown colour: pink'));
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('red icon: not a valid SVG'));
    expect(validIcons({ not: 'a list' })).toEqual([]);
  });

  it("skips a game's ad whose colour is not one of the six, or whose image is not allowed, with a warning", () => {
    const offers = readOffers({
      faces: [
        {
          id: 'o1',
          kind: 'ad',
          adId: 'a1',
          color: 'purple',
          imageUrl: 'https://cdn.example/a.png',
        },
        {
          id: 'o2',
          kind: 'ad',
          adId: 'a2',
          color: 'magenta',
          imageUrl: 'https://cdn.example/b.png',
        },
        { id: 'o3', kind: 'ad', adId: 'a3', color: 'red', imageUrl: 'http://cdn.example/c.png' },
      ],
      reward: null,
    });
    expect(boardFaces(offers, [])).toEqual([
      { kind: 'ad', color: 'purple', adId: 'a1', url: 'https://cdn.example/a.png', offerId: 'o1' },
    ]);
    expect(console.warn).toHaveBeenCalledWith(
      expect.stringContaining('unknown colour or kind: magenta'),
    );
    expect(console.warn).toHaveBeenCalledWith(
      expect.stringContaining('ad a3: invalid image address'),
    );
  });

  it('loads ad images from https, this site or inline raster data only', () => {
    expect(adImageUrl('https://a.example/x.png')).toBe('https://a.example/x.png');
    expect(adImageUrl('/uploads/x.png')).toBe('/uploads/x.png');
    expect(adImageUrl('//evil.example/x.png')).toBeNull();
    expect(adImageUrl('javascript:alert(1)')).toBeNull();
    expect(adImageUrl('data:image/gif;base64,R0lGOD==')).toBe('data:image/gif;base64,R0lGOD==');
  });

  it('lets an ad win over an icon of the same colour', () => {
    const icons = validIcons([
      { color_code: 'green', svg_content: svg },
      { color_code: 'red', svg_content: svg },
    ]);
    const ads = boardFaces(
      readOffers({
        faces: [
          { id: 'o', kind: 'ad', adId: 'ad-1', color: 'green', imageUrl: '/api/media/x.webp' },
        ],
      }),
      [],
    );
    const merged = mergeFaces(ads, icons);
    expect(merged.map((f) => `${f.color}:${f.kind}`)).toEqual(['red:icon', 'green:ad']);
  });
});
