import {
  ACTION_STATES,
  AD_STATES,
  adState,
  allowsAction,
  isAllowedHref,
  isAllowedImageSrc,
  isSvgAttributeKept,
  manageActionsFor,
  type AdAction,
} from '../src';

const at = (iso: string) => new Date(iso);

describe('an ad state', () => {
  const run = { startsAt: at('2026-01-02T00:00:00Z'), endsAt: at('2026-01-09T00:00:00Z') };

  it('reads an approved run against the clock: scheduled, running, ended', () => {
    const approved = { status: 'approved' as const, ...run };
    expect(adState(approved, at('2026-01-01T23:59:59Z'))).toBe('scheduled');
    expect(adState(approved, at('2026-01-02T00:00:00Z'))).toBe('running');
    expect(adState(approved, at('2026-01-09T00:00:00Z'))).toBe('ended');
    expect(adState({ status: 'approved', startsAt: null, endsAt: null }, new Date())).toBe('ended');
  });

  it('is the stored status otherwise', () => {
    expect(adState({ status: 'paused', ...run }, at('2026-01-03T00:00:00Z'))).toBe('paused');
    expect(adState({ status: 'awaiting_review', startsAt: null, endsAt: null }, new Date())).toBe(
      'awaiting_review',
    );
  });
});

describe('the actions each state allows', () => {
  it('is the table of docs/api.md: review in review; pause, resume, end, move the start', () => {
    const allowed = Object.fromEntries(
      AD_STATES.map((state) => [
        state,
        (Object.keys(ACTION_STATES) as AdAction[]).filter((a) => allowsAction(state, a)),
      ]),
    );
    expect(allowed).toEqual({
      awaiting_payment: [],
      payment_failed: [],
      awaiting_review: ['approve', 'reject'],
      scheduled: ['schedule', 'pause', 'end'],
      running: ['pause', 'end'],
      paused: ['resume', 'end'],
      ended: [],
      rejected: [],
    });
  });

  it('lists the manage actions in the order the admin pages show them', () => {
    expect(manageActionsFor('scheduled')).toEqual(['schedule', 'pause', 'end']);
    expect(manageActionsFor('paused')).toEqual(['resume', 'end']);
    expect(manageActionsFor('awaiting_review')).toEqual([]);
  });
});

describe("an update's link and image addresses", () => {
  it.each([
    [
      'links: http(s) with a host, mailto with an address and paths on this site; not other schemes, other sites by //, spaces, controls or backslashes',
      isAllowedHref,
      [
        'https://a.example/',
        'http://a.example/x?y=1#z',
        'http://localhost:8080/',
        'mailto:a@b.example',
        'mailto:a@b.example?subject=Hi',
        '/faq',
        '/updates/1',
      ],
      [
        'javascript:x',
        'data:text/html,hi',
        '//a.example',
        '/\\a.example',
        'https:\\\\a.example',
        'ftp://a.example',
        'https:/x',
        'https:///x',
        'mailto:',
        'mailto:team',
        'https://a.example/a b',
        ' https://a.example/',
        'a\u0000b',
        'news',
        '',
      ],
    ],
    [
      'images: https and this site’s media, nothing else',
      isAllowedImageSrc,
      ['https://a.example/i.png', '/api/media/k.webp'],
      [
        'http://a.example/i.png',
        '/x.png',
        '/api/media/../x',
        '/api/media/a b.png',
        'https:///i.png',
        'data:image/png;base64,AAAA',
        'javascript:x',
      ],
    ],
  ])('%s', (_what, allowed: (address: string) => boolean, kept: string[], refused: string[]) => {
    expect(kept.filter((address) => !allowed(address))).toEqual([]);
    expect(refused.filter(allowed)).toEqual([]);
  });
});

describe("an SVG icon's references", () => {
  it('keeps references inside the drawing and inline raster images', () => {
    expect(isSvgAttributeKept('href', '#a')).toBe(true);
    expect(isSvgAttributeKept('xlink:href', 'data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isSvgAttributeKept('fill', 'url(#grad)')).toBe(true);
    expect(isSvgAttributeKept('width', '8')).toBe(true);
  });

  it('drops references outside it', () => {
    expect(isSvgAttributeKept('href', 'https://evil.example/x.svg#a')).toBe(false);
    expect(isSvgAttributeKept('href', 'data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isSvgAttributeKept('style', 'fill:url(https://evil.example/x)')).toBe(false);
    expect(isSvgAttributeKept('fill', "url( 'x.svg#a')")).toBe(false);
  });
});
