import { AppError } from '@ballmatch/platform';
import createDOMPurify, {
  type Config,
  type RemovedAttribute,
  type RemovedElement,
} from 'dompurify';
import { isSvgAttributeKept, refersOutside, SVG_PURIFY_PROFILE } from '@ballmatch/rules';
import { JSDOM } from 'jsdom';
import { MAX_SVG_BYTES } from './limits';

const SVG_NS = 'http://www.w3.org/2000/svg';

// One window for the process: scripts never run in it (jsdom's default), it only parses.
const { window } = new JSDOM('');
const purify = createDOMPurify(window);

/** As browsers read a URL: controls and line breaks inside `java\tscript:` do not count. */
const JAVASCRIPT_URL = /^ *javascript:/i;

// Each attribute this removes is in `purify.removed`, so the upload is refused naming it.
// What an icon may refer to is shared with the web (@ballmatch/rules).
purify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (!isSvgAttributeKept(data.attrName, data.attrValue)) data.keepAttr = false;
});

const CONFIG: Config & { RETURN_DOM: true } = {
  USE_PROFILES: { ...SVG_PURIFY_PROFILE.USE_PROFILES },
  FORBID_TAGS: [...SVG_PURIFY_PROFILE.FORBID_TAGS],
  ADD_TAGS: [...SVG_PURIFY_PROFILE.ADD_TAGS],
  RETURN_DOM: true,
};

const invalid = (message: string) =>
  new AppError('INVALID_ARGUMENT', message, { field: 'svg_content' });

const notSvg = () => invalid('svg_content must be an SVG document');

const printable = (value: string) => value.replace(/[^\x20-\x7e]/g, '');

/** An attacker's value shown back: printable, and short. */
function shown(value: string): string {
  const text = printable(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** What the sanitiser removed, in the words of the refusal; null for what does not matter. */
function describe(removed: RemovedElement | RemovedAttribute, wrapper: Node): string | null {
  if ('element' in removed) {
    const node = removed.element;
    // Comments are dropped harmlessly; the wrapper is DOMPurify's own (it answers it).
    if (!(node instanceof window.Element) || node === wrapper) return null;
    return `<${node.localName}>`;
  }
  if (!removed.attribute) return null;
  const { name, value } = removed.attribute;
  if (JAVASCRIPT_URL.test(printable(value))) return 'a javascript: URL';
  if (name === 'href' || name === 'xlink:href' || refersOutside(value)) {
    return `an external reference (${name}="${shown(value)}")`;
  }
  return `the attribute ${name}`;
}

function listed(items: string[]): string {
  return items.length === 1
    ? items[0]!
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * An admin's icon, sanitised by DOMPurify (SVG profile) and answered as XML. Refused, naming what
 * was found, when the sanitiser had to remove anything that matters (scripts, event attributes,
 * foreignObject, references outside the file, javascript: URLs), when it is not an SVG document,
 * or when it is over MAX_SVG_BYTES.
 */
export function sanitizeIconSvg(text: string): string {
  if (Buffer.byteLength(text, 'utf8') > MAX_SVG_BYTES) {
    throw invalid(`The SVG may be at most ${MAX_SVG_BYTES / 1000} KB`);
  }
  // Checked on the text, before parsing: entity definitions can expand without bound.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw invalid('The SVG contains a DOCTYPE, which is not allowed');
  }
  // Parsed as the browser parses an SVG image: well-formed XML with an <svg> root.
  const doc = new window.DOMParser().parseFromString(text.trim(), 'image/svg+xml');
  const root = doc.documentElement;
  if (
    !root ||
    root.namespaceURI !== SVG_NS ||
    root.localName !== 'svg' ||
    doc.getElementsByTagName('parsererror').length > 0
  ) {
    throw notSvg();
  }

  // The very tree checked above is sanitised (no second parse to differ from the first).
  const body = purify.sanitize(root, CONFIG) as Element;
  const found = [
    ...new Set(
      purify.removed
        .map((item) => describe(item, body))
        .filter((item): item is string => item !== null),
    ),
  ];
  if (found.length > 0) {
    throw invalid(
      `The SVG contains ${listed(found)}, which ${found.length === 1 ? 'is' : 'are'} not allowed`,
    );
  }
  const clean = body.firstElementChild;
  if (!clean) throw notSvg();
  return new window.XMLSerializer().serializeToString(clean);
}
