// Ball faces from the server: custom icons (SVG) and advertisers' images. Every entry is checked
// before use: an icon must be a valid SVG or a base64 data image, and an SVG is sanitised by
// DOMPurify (its SVG profile, no scripts, no outside references) and then drawn
// through an <img> of a data: URL, which never runs scripts; nothing from the server is ever put
// into the page's DOM. An ad's image must be https, this site or an inline image
// (features/game/model/ad-offers.ts reads the ads of a game).
import { COLORS, COLOR_HEX, type Color } from '@ballmatch/engine';
import { isSvgAttributeKept, SVG_PURIFY_PROFILE } from '@ballmatch/rules';
import createDOMPurify, { type Config } from 'dompurify';

export interface IconRecord {
  color_code?: unknown;
  svg_content?: unknown;
}

/**
 * A face on the board. `offerId` is the server's offer for it in a ranked game (its impression
 * counts only with it); faces without one are shown but never reported.
 */
export type Face =
  | { kind: 'ad'; color: Color; adId: string; url: string; offerId?: string }
  | { kind: 'icon'; color: Color; colorCode: string; url: string; offerId?: string };

/** Longest SVG text accepted (custom icons are small drawings). */
export const MAX_SVG_LENGTH = 100_000;
/** Longest data: URL accepted for an image. */
export const MAX_DATA_URL_LENGTH = 400_000;

const SVG_NS = 'http://www.w3.org/2000/svg';

const RASTER_DATA_URL = /^data:image\/(png|jpeg|jpg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
const SVG_BASE64_DATA_URL = /^data:image\/svg\+xml;base64,([A-Za-z0-9+/]+={0,2})$/;
// The page's own DOMPurify instance for icons, so its hook applies to icons alone. DOMPurify's
// SVG profile removes scripts, event attributes and javascript: URLs; the hook removes references
// outside the drawing, by the rule the ads service refuses an upload with (@ballmatch/rules).
const purify = createDOMPurify(window);
purify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (!isSvgAttributeKept(data.attrName, data.attrValue)) data.keepAttr = false;
});

const PURIFY_CONFIG: Config & { IN_PLACE: true } = {
  USE_PROFILES: { ...SVG_PURIFY_PROFILE.USE_PROFILES },
  // Links do nothing inside an <img>.
  FORBID_TAGS: [...SVG_PURIFY_PROFILE.FORBID_TAGS, 'a'],
  ADD_TAGS: [...SVG_PURIFY_PROFILE.ADD_TAGS],
  IN_PLACE: true,
};

/** The SVG text, sanitised, or null when it is not a valid SVG document. */
export function sanitizeSvg(text: string): string | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_SVG_LENGTH) return null;
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return null;
  let doc: Document;
  try {
    doc = new DOMParser().parseFromString(text.trim(), 'image/svg+xml');
  } catch {
    return null;
  }
  const root = doc.documentElement;
  if (!root || root.namespaceURI !== SVG_NS || root.localName !== 'svg') return null;
  if (doc.getElementsByTagName('parsererror').length > 0) return null;
  purify.sanitize(root, PURIFY_CONFIG);
  if (!root.hasAttribute('width') && !root.hasAttribute('height') && root.hasAttribute('viewBox')) {
    // Without a size, some browsers draw a viewBox-only SVG image at 300 × 150.
    root.setAttribute('width', '128');
    root.setAttribute('height', '128');
  }
  return new XMLSerializer().serializeToString(root);
}

function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function decodeBase64Utf8(base64: string): string | null {
  try {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * A data: URL safe to draw for an icon's svg_content (which must be a valid svg or a base64 data
 * image), or null when it is neither.
 */
export function iconImageUrl(content: unknown): string | null {
  if (typeof content !== 'string') return null;
  const trimmed = content.trim();
  if (trimmed.startsWith('data:')) {
    const compact = trimmed.replace(/\s/g, '');
    if (compact.length > MAX_DATA_URL_LENGTH) return null;
    if (RASTER_DATA_URL.test(compact)) return compact;
    const svg64 = SVG_BASE64_DATA_URL.exec(compact);
    if (svg64) {
      const text = decodeBase64Utf8(svg64[1]);
      const clean = text === null ? null : sanitizeSvg(text);
      return clean === null ? null : svgDataUrl(clean);
    }
    return null;
  }
  const clean = sanitizeSvg(trimmed);
  return clean === null ? null : svgDataUrl(clean);
}

/** The colour an icon's color_code names: one of the six names, or its hex code. */
export function colorFromCode(code: unknown): Color | null {
  if (typeof code !== 'string') return null;
  const value = code.trim().toLowerCase();
  const byName = COLORS.find((c) => c === value);
  if (byName) return byName;
  const byHex = COLORS.find((c) => COLOR_HEX[c].toLowerCase() === value);
  return byHex ?? null;
}

/** An ad image address the page may load: https, this site, or an inline raster image. */
export function adImageUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const value = url.trim();
  if (value.startsWith('data:')) return iconImageUrl(value);
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Valid icons by colour; anything else is skipped with a warning. */
export function validIcons(records: unknown): Face[] {
  if (!Array.isArray(records)) return [];
  const faces: Face[] = [];
  for (const record of records as IconRecord[]) {
    const color = colorFromCode(record?.color_code);
    if (!color) {
      console.warn(
        `[faces] skipping an icon with an unknown colour: ${String(record?.color_code)}`,
      );
      continue;
    }
    const url = iconImageUrl(record.svg_content);
    if (!url) {
      console.warn(`[faces] skipping the ${color} icon: not a valid SVG or base64 data image`);
      continue;
    }
    if (faces.some((f) => f.color === color)) continue;
    faces.push({ kind: 'icon', color, colorCode: String(record.color_code), url });
  }
  return faces;
}

/** One face per colour: an advertiser's image wins over a custom icon. */
export function mergeFaces(ads: Face[], icons: Face[]): Face[] {
  const byColor = new Map<Color, Face>();
  for (const face of icons) byColor.set(face.color, face);
  for (const face of ads) byColor.set(face.color, face);
  return COLORS.flatMap((c) => (byColor.has(c) ? [byColor.get(c)!] : []));
}

/** Loads face images; one that fails to load is left out (the plain ball is drawn). */
export async function loadFaceImages(
  faces: readonly Face[],
): Promise<Map<Color, HTMLImageElement>> {
  const images = new Map<Color, HTMLImageElement>();
  await Promise.all(
    faces.map(async (face) => {
      const image = new Image();
      image.decoding = 'async';
      image.referrerPolicy = 'no-referrer';
      image.src = face.url;
      try {
        await image.decode();
        images.set(face.color, image);
      } catch {
        console.warn(`[faces] could not load the ${face.color} ${face.kind} image`);
      }
    }),
  );
  return images;
}
