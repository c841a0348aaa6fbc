// Inlined at the top of <body> on prerendered pages (the CSP allows it by its hash, see hosting/csp.mjs),
// so that no click is lost before the app's scripts run: clicks on links and controls are held, never
// followed natively half-way, and form submissions never go out natively; src/lib/earlyInput.ts takes
// the held clicks over and replays them once the page is interactive.
(function () {
  var clicks = [];
  var CONTROL = 'a[href], button, [role="button"], summary, label, input[type="checkbox"], input[type="radio"]';
  function onClick(event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    var link = target.closest('a[href]');
    if (link && (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link.target === '_blank')) return;
    event.stopPropagation();
    var control = target.closest(CONTROL);
    if (!control) return;
    event.preventDefault();
    clicks.push(control);
  }
  function onSubmit(event) {
    event.preventDefault();
  }
  addEventListener('click', onClick, true);
  addEventListener('submit', onSubmit, true);
  window.__upskillEarlyInput = {
    clicks: clicks,
    since: Date.now(),
    stop: function () {
      removeEventListener('click', onClick, true);
      removeEventListener('submit', onSubmit, true);
    },
  };
})();
