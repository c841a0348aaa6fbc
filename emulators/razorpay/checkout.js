// The local sandbox's stand-in for Razorpay's checkout.js (https://checkout.razorpay.com/v1/checkout.js).
// Same surface the site uses: `new Razorpay(options)`, `.on('payment.failed', fn)`, `.open()`, `.close()`;
// options.handler gets {razorpay_payment_id, razorpay_order_id, razorpay_signature} (with options.subscription_id:
// {razorpay_payment_id, razorpay_subscription_id, razorpay_signature}), options.modal.ondismiss
// runs when the customer closes checkout. Like the real one, the form lives in a frame on the gateway's
// origin, so the site never sees what is typed there.
(function () {
  'use strict';
  var script = document.currentScript;
  var ORIGIN = new URL(script ? script.src : location.href).origin;

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('Razorpay: the key option is required');
    this.options = options;
    this.listeners = {};
    this.overlay = null;
  }

  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (callback) {
      callback(payload);
    });
  };

  Razorpay.prototype.open = function () {
    if (this.overlay) return;
    var o = this.options;
    var prefill = o.prefill || {};
    var query = new URLSearchParams({
      key_id: o.key,
      order_id: o.order_id || '',
      subscription_id: o.subscription_id || '',
      origin: location.origin,
      name: o.name || '',
      description: o.description || '',
      email: prefill.email || '',
      contact: prefill.contact || '',
      method: prefill.method || '',
    });
    var overlay = document.createElement('div');
    overlay.setAttribute('data-razorpay-sandbox', '');
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:2147483647;background:rgba(15,23,42,.6);display:flex;align-items:center;justify-content:center';
    var frame = document.createElement('iframe');
    frame.name = 'razorpay-checkout-frame';
    frame.title = 'Razorpay Checkout';
    frame.src = ORIGIN + '/v1/checkout/frame?' + query.toString();
    frame.style.cssText = 'width:min(420px,100vw);height:min(600px,100vh);border:0;border-radius:8px;background:#fff';
    overlay.appendChild(frame);
    document.body.appendChild(overlay);
    frame.focus();
    this.overlay = overlay;
    this.onMessage = (event) => {
      if (event.origin !== ORIGIN || event.source !== frame.contentWindow) return;
      var data = event.data || {};
      if (data.source !== 'razorpay-sandbox') return;
      if (data.type === 'failed') this.emit('payment.failed', data.payload);
      if (data.type === 'success') {
        this.close();
        if (typeof o.handler === 'function') o.handler(data.payload);
      }
      if (data.type === 'dismiss') {
        this.close();
        if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
      }
    };
    window.addEventListener('message', this.onMessage);
  };

  Razorpay.prototype.close = function () {
    if (!this.overlay) return;
    window.removeEventListener('message', this.onMessage);
    this.overlay.remove();
    this.overlay = null;
  };

  window.Razorpay = Razorpay;
})();
