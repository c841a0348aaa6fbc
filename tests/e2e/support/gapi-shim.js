/*
 * Test-only stand-in for https://apis.google.com/js/api.js, served by Playwright when that script cannot be
 * downloaded (this sandbox is offline). Firebase Auth's popup flow and the Auth emulator's helper iframe use
 * only gapi.load and the gapi.iframes messaging channel; this implements that channel with postMessage so the
 * real SDK, the real emulator popup and the real emulator iframe can complete a Google sign-in.
 */
(function () {
  var handlers = {};
  var pending = {};
  var seq = 0;

  function reply(source, id, result) {
    source.postMessage({ __gapiShim: 'res', id: id, result: result }, '*');
  }

  window.addEventListener('message', function (event) {
    var msg = event.data;
    if (!msg || !msg.__gapiShim) return;
    if (msg.__gapiShim === 'ping') return reply(event.source, msg.id, []);
    if (msg.__gapiShim === 'res') {
      var cb = pending[msg.id];
      delete pending[msg.id];
      if (cb) cb(msg.result);
      return;
    }
    if (msg.__gapiShim === 'req') {
      var tries = 0;
      (function deliver() {
        var handler = handlers[msg.type];
        if (!handler && tries++ < 100) return setTimeout(deliver, 50);
        reply(event.source, msg.id, handler ? [handler(msg.data)] : []);
      })();
    }
  });

  function channel(getTarget, ready) {
    return {
      register: function (name, fn) {
        handlers[name] = fn;
      },
      send: function (type, data, cb) {
        ready.then(function () {
          var id = ++seq;
          pending[id] = cb || function () {};
          getTarget().postMessage({ __gapiShim: 'req', id: id, type: type, data: data }, '*');
        });
      },
      ping: function (cb) {
        return ready.then(function () {
          return new Promise(function (resolve) {
            var id = ++seq;
            pending[id] = function () {
              if (cb) cb();
              resolve();
            };
            getTarget().postMessage({ __gapiShim: 'ping', id: id }, '*');
          });
        });
      },
      restyle: function () {
        return Promise.resolve();
      },
    };
  }

  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement('iframe');
      var attrs = options.attributes || {};
      if (attrs.style)
        Object.keys(attrs.style).forEach(function (k) {
          frame.style[k] = attrs.style[k];
        });
      frame.setAttribute('aria-hidden', 'true');
      frame.src = options.url;
      var loaded = new Promise(function (resolve) {
        frame.addEventListener('load', resolve);
      });
      (options.where || document.body).appendChild(frame);
      return onOpen(
        channel(function () {
          return frame.contentWindow;
        }, loaded),
      );
    },
    getParentIframe: function () {
      return channel(function () {
        return window.parent;
      }, Promise.resolve());
    },
  };

  window.gapi = {
    load: function (_name, options) {
      var cb = typeof options === 'function' ? options : options && options.callback;
      setTimeout(function () {
        if (cb) cb();
      }, 0);
    },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: function () {
        return true;
      },
      Iframe: function () {},
      getContext: function () {
        return context;
      },
    },
  };

  var src = (document.currentScript && document.currentScript.src) || '';
  var onload = /[?&]onload=([^&]+)/.exec(src);
  setTimeout(function () {
    if (onload && typeof window[onload[1]] === 'function') window[onload[1]]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
