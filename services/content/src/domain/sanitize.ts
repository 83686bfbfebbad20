import { isAllowedHref, isAllowedImageSrc } from '@ballmatch/rules';
import sanitizeHtml from 'sanitize-html';

/**
 * An update's HTML, made safe on save (docs/api.md 'Updates'): a maintained sanitiser
 * (sanitize-html, on htmlparser2) keeps an allow-list of elements and attributes; links and
 * images are checked besides its own scheme check by the rule the editor shares
 * (@ballmatch/rules). Everything else is removed silently: the admin sees the result in the answer.
 */

const ALLOWED_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'img',
];

/** Removed with everything inside them (other unknown tags go and their text stays). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'form',
  'textarea',
  'select',
  'option',
  'noscript',
  'template',
  'title',
  'head',
];

/** A name no allowed tag has: what a refused link becomes, so it goes and its text stays. */
const REFUSED_LINK = 'refused-link';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: {
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // What editors make of a paragraph.
    div: 'p',
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      if (!isAllowedHref(href)) return { tagName: REFUSED_LINK, attribs: {} };
      return { tagName: 'a', attribs: { href, target: '_blank', rel: 'noopener noreferrer' } };
    },
    img: (_tag, attribs): sanitizeHtml.Tag => {
      const src = (attribs.src ?? '').trim();
      // Without its src, a refused image is dropped by the filter below.
      if (!isAllowedImageSrc(src)) return { tagName: 'img', attribs: {} };
      const alt = attribs.alt?.trim();
      return { tagName: 'img', attribs: alt ? { src, alt } : { src } };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export interface SanitisedHtml {
  html: string;
  /** Its text, no markup (previews). */
  text: string;
}

/** Tags of the sanitised HTML that separate words in its text: blocks and line breaks. */
const BREAK = /<\/?(?:p|h2|h3|h4|li|ul|ol|blockquote|pre)>|<br \/>/g;

/** No element kept: the text alone, as sanitize-html escapes text (`&`, `<`, `>`). */
const TEXT_ONLY: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: DROPPED_WITH_CONTENT,
};

/**
 * The text of HTML this module sanitised (its own serialisation: plain tags, escaped text):
 * blocks and line breaks become spaces, other tags go, entities are decoded, spaces made one.
 */
export function textOf(sanitised: string): string {
  const escaped = sanitizeHtml(sanitised.replace(BREAK, ' $&'), TEXT_ONLY);
  return escaped
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export function sanitiseUpdateHtml(raw: string): SanitisedHtml {
  const html = sanitizeHtml(raw, OPTIONS).trim();
  return { html, text: textOf(html) };
}

export const PREVIEW_CHARACTERS = 300;

/** The first 300 characters of the text, then '...' when there was more. */
export function previewOf(text: string): string {
  const characters = Array.from(text);
  if (characters.length <= PREVIEW_CHARACTERS) return text;
  return `${characters.slice(0, PREVIEW_CHARACTERS).join('').trimEnd()}...`;
}
