// axe's `region` rule, near enough for jsdom: every piece of visible text sits in a landmark
// (the e2e test runs the real axe-core on the page in Chromium).
const LANDMARKS = [
  'main',
  'header',
  'footer',
  'nav',
  'aside',
  'section[aria-label]',
  'section[aria-labelledby]',
  '[role="main"]',
  '[role="banner"]',
  '[role="contentinfo"]',
  '[role="navigation"]',
  '[role="complementary"]',
  '[role="region"]',
  '[role="dialog"]',
  '[role="alertdialog"]',
].join(',');

/** The texts under `root` that no landmark holds (hidden ones, <title> and skip links aside). */
export function textOutsideLandmarks(root: HTMLElement = document.body): string[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const outside: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    const parent = node.parentElement;
    if (
      !text ||
      !parent ||
      parent.closest('title, script, style, [hidden], [aria-hidden="true"], a[href^="#"]')
    ) {
      continue;
    }
    if (!parent.closest(LANDMARKS)) outside.push(text);
  }
  return outside;
}
