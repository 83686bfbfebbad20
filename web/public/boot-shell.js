/* global document, location, MutationObserver */
// The home page's first screen, painted from static HTML before the app's JavaScript has run
// (index.html holds the markup, hidden; see web/boot/home-shell.html). It is shown only on '/',
// and removed the moment the app renders anything but its loading spinner.
(function () {
  var shell = document.getElementById('boot-shell');
  var root = document.getElementById('root');
  if (!shell || !root) return;
  if (location.pathname !== '/') {
    shell.remove();
    return;
  }
  shell.hidden = false;
  var observer = new MutationObserver(function () {
    var first = root.firstElementChild;
    if (first && !first.matches('[data-testid="page-spinner"]')) {
      observer.disconnect();
      shell.remove();
    }
  });
  observer.observe(root, { childList: true, subtree: true });
})();
