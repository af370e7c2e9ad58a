/**
 * The stand-in's double of Stripe.js, for browser journeys (served at `GET /stripe.js`; the journey
 * answers the page's request for https://js.stripe.com with it). It offers what Coffer's card entry
 * uses, in Stripe.js's shapes: `Stripe(publishableKey)`, `elements().create('card')` (three plain
 * fields instead of Stripe's frame), `createPaymentMethod`, `confirmCardSetup` and
 * `confirmCardPayment`, answering `{ error }` with Stripe's messages as Stripe.js does. A payment or
 * setup that needs 3-D Secure shows a challenge dialog, like Stripe's test page, whose two buttons
 * complete or fail the authentication. It talks to the stand-in at `apiBase` with the publishable key.
 */
export function stripeJsDouble(apiBase: string): string {
  return `(() => {
  const API = ${JSON.stringify(apiBase)};
  function form(values, prefix, out) {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined || value === null) continue;
      const key = prefix ? prefix + '[' + name + ']' : name;
      if (typeof value === 'object') form(value, key, out);
      else out.append(key, String(value));
    }
    return out;
  }
  async function call(key, method, path, values) {
    const params = form({ ...values, key }, '', new URLSearchParams());
    const answer = method === 'GET'
      ? await fetch(API + path + '?' + params.toString())
      : await fetch(API + path, { method, body: params });
    const body = await answer.json();
    if (!answer.ok) throw body.error;
    return body;
  }
  function fieldsOf(element) {
    const read = (name) => element.inputs[name].value.trim();
    const [month, year] = read('expiry').split('/').map((part) => part.trim());
    return { number: read('number'), exp_month: month, exp_year: year && year.length === 2 ? '20' + year : year, cvc: read('cvc') };
  }
  function createElement() {
    const handlers = {};
    const element = {
      inputs: {},
      mount(node) {
        const place = typeof node === 'string' ? document.querySelector(node) : node;
        for (const [name, label, placeholder] of [
          ['number', 'Card number', '1234 1234 1234 1234'],
          ['expiry', 'Expiration date', 'MM / YY'],
          ['cvc', 'CVC', 'CVC'],
        ]) {
          const input = document.createElement('input');
          input.setAttribute('aria-label', label);
          input.placeholder = placeholder;
          input.inputMode = 'numeric';
          input.addEventListener('input', () => element.emit('change', { elementType: 'card', empty: false, complete: true }));
          place.appendChild(input);
          element.inputs[name] = input;
        }
        setTimeout(() => element.emit('ready', element), 0);
      },
      on(event, handler) { (handlers[event] ||= new Set()).add(handler); return element; },
      off(event, handler) { handlers[event]?.delete(handler); return element; },
      emit(event, payload) { for (const handler of handlers[event] || []) handler(payload); },
      update() {}, focus() {}, blur() {}, clear() {},
      unmount() { for (const input of Object.values(element.inputs)) input.remove(); },
      destroy() { element.unmount(); },
    };
    return element;
  }
  // The 3-D Secure challenge: resolves once the cardholder completes or fails it.
  function challenge() {
    return new Promise((resolve) => {
      const dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-label', '3D Secure authentication');
      dialog.style.cssText = 'position:fixed;inset:20% 30%;background:#fff;border:1px solid #888;padding:16px;z-index:99999';
      const text = document.createElement('p');
      text.textContent = 'Test mode: authenticate this payment with your bank.';
      dialog.appendChild(text);
      for (const [label, outcome] of [['Complete authentication', 'complete'], ['Fail authentication', 'fail']]) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = label;
        button.addEventListener('click', () => { dialog.remove(); resolve(outcome); });
        dialog.appendChild(button);
      }
      document.body.appendChild(dialog);
    });
  }
  function Stripe(key) {
    async function paymentMethodFrom(data) {
      if (typeof data === 'string') return data;
      const card = fieldsOf(data.card);
      const method = await call(key, 'POST', '/v1/payment_methods', { type: 'card', card, billing_details: data.billing_details });
      return method.id;
    }
    async function settle(kind, intent, clientSecret) {
      if (intent.status === 'requires_action') {
        const outcome = await challenge();
        intent = await call(key, 'POST', '/v1/test_helpers/authentication/' + intent.id, { client_secret: clientSecret, outcome });
      }
      const failure = intent.last_payment_error || intent.last_setup_error;
      if (intent.status !== 'succeeded') return { error: failure || { type: 'invalid_request_error', message: 'The payment could not be completed.' } };
      return { [kind]: intent };
    }
    const intentId = (clientSecret) => clientSecret.split('_secret_')[0];
    return {
      elements() { return { create: () => createElement(), update() {}, getElement() { return null; } }; },
      async createToken() { return { error: { type: 'invalid_request_error', message: 'Tokens are not supported here.' } }; },
      async createPaymentMethod(data) {
        try {
          const method = await call(key, 'POST', '/v1/payment_methods', { type: 'card', card: fieldsOf(data.card), billing_details: data.billing_details });
          return { paymentMethod: method };
        } catch (error) { return { error }; }
      },
      async confirmCardSetup(clientSecret, data) {
        try {
          const paymentMethod = await paymentMethodFrom(data.payment_method);
          const intent = await call(key, 'POST', '/v1/setup_intents/' + intentId(clientSecret) + '/confirm', { client_secret: clientSecret, payment_method: paymentMethod });
          return await settle('setupIntent', intent, clientSecret);
        } catch (error) { return { error }; }
      },
      async confirmCardPayment(clientSecret) {
        try {
          const intent = await call(key, 'POST', '/v1/payment_intents/' + intentId(clientSecret) + '/confirm', { client_secret: clientSecret });
          return await settle('paymentIntent', intent, clientSecret);
        } catch (error) { return { error }; }
      },
      _registerWrapper() {}, registerAppInfo() {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;
}
