// Inlined at the top of <body> on prerendered pages (the CSP allows it by its hash, see hosting/csp.mjs),
// so that nothing the visitor does before the app's scripts run is lost: clicks on links and controls are
// held, never followed natively half-way, and form submissions are held, never sent natively (which would
// put the fields in the URL). Typing needs nothing: the fields keep it. src/lib/earlyInput.ts takes the
// held clicks and submissions over and replays them once the page is interactive.
// The visitor's first touch, key, wheel or scroll is noted too (inputAt): what waits for the first input
// (src/lib/afterIdle.ts: the catalogue's other cards, the home page's featured courses) starts at once when the
// visitor scrolled before the app's scripts ran, instead of waiting for more input or 10 s.
(function () {
  var clicks = [];
  var submits = [];
  var INPUTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'];
  var guard;
  function onInput() {
    guard.inputAt = Date.now();
    for (var i = 0; i < INPUTS.length; i++) removeEventListener(INPUTS[i], onInput, true);
  }
  var CONTROL = 'a[href], button, [role="button"], summary, label, input[type="checkbox"], input[type="radio"]';
  function onClick(event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    var link = target.closest('a[href]');
    if (link && (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link.target === '_blank')) return;
    var control = target.closest(CONTROL);
    // A label of a text field only moves the focus there, which is harmless and lets the visitor type.
    if (control && control.tagName === 'LABEL' && !(control.control && /^(checkbox|radio)$/.test(control.control.type))) return;
    event.stopPropagation();
    if (!control) return;
    event.preventDefault();
    clicks.push(control);
  }
  function onSubmit(event) {
    event.preventDefault();
    if (submits.indexOf(event.target) === -1) submits.push(event.target);
  }
  addEventListener('click', onClick, true);
  addEventListener('submit', onSubmit, true);
  for (var i = 0; i < INPUTS.length; i++) addEventListener(INPUTS[i], onInput, { capture: true, passive: true });
  guard = window.__upskillEarlyInput = {
    clicks: clicks,
    submits: submits,
    since: Date.now(),
    stop: function () {
      removeEventListener('click', onClick, true);
      removeEventListener('submit', onSubmit, true);
    },
  };
})();
