import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountReactSignIn } from './corpus/react-sign-in.js';
import {
  FORMLESS,
  mountPage,
  NEWSLETTER,
  PLAIN_FORM,
  SIGN_UP,
  TWO_STEP_PASSWORD,
  TWO_STEP_USERNAME,
} from './corpus/sign-in-pages.js';
import { testGeometry } from './corpus/test-geometry.js';
import { setInputValue } from './set-input-value.js';
import { type Submission, type WatchOptions, watchSubmissions } from './watch-submissions.js';

// jsdom cannot make trusted events; the tests that are not about that accept every event.
const anyEvent = { geometry: testGeometry(), acceptEvent: () => true };
const field = (selector: string) => {
  const input = document.querySelector<HTMLInputElement>(selector);
  if (!input) throw new Error(`no ${selector}`);
  return input;
};
// As the user types: the value, then an 'input' event.
const type = (selector: string, value: string) => {
  field(selector).value = value;
  field(selector).dispatchEvent(new InputEvent('input', { bubbles: true }));
};
const submit = (selector = 'form') => document.querySelector<HTMLFormElement>(selector)?.requestSubmit();

let reported: Submission[];
let stop: () => void;
const watch = (options: WatchOptions = anyEvent) => {
  stop = watchSubmissions(document, (submission) => reported.push(submission), options);
};

beforeEach(() => {
  reported = [];
  stop = () => undefined;
});

afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

describe('watchSubmissions reports', () => {
  it('a submitted sign-in form with its origin, username and password', () => {
    mountPage(PLAIN_FORM);
    watch();
    type('#user', 'ann@example.com');
    type('#pass', 'correct horse');
    submit();
    expect(reported).toEqual([
      {
        step: 'sign-in',
        origin: 'http://localhost:3000',
        url: 'http://localhost:3000/',
        username: 'ann@example.com',
        password: 'correct horse',
      },
    ]);
  });

  it('each submission once, and again when the values changed', () => {
    mountPage(PLAIN_FORM);
    watch();
    type('#user', 'ann@example.com');
    type('#pass', 'wrong');
    submit();
    submit();
    type('#pass', 'right');
    submit();
    expect(reported.map((s) => (s.step === 'sign-in' ? s.password : ''))).toEqual(['wrong', 'right']);
  });

  it('the first step of a two-step sign-in as a username step', () => {
    mountPage(TWO_STEP_USERNAME);
    watch();
    type('#identifierId', 'ann@example.com');
    submit();
    expect(reported).toEqual([
      {
        step: 'username',
        origin: 'http://localhost:3000',
        url: 'http://localhost:3000/',
        username: 'ann@example.com',
      },
    ]);
  });

  it('the second step with the username the page keeps hidden for password managers', () => {
    mountPage(TWO_STEP_PASSWORD);
    watch();
    type('#pw', 'correct horse');
    submit();
    expect(reported).toMatchObject([
      { step: 'sign-in', username: 'ann@example.com', password: 'correct horse' },
    ]);
  });

  it('a click on the sign-in button of fields outside any form', () => {
    mountPage(FORMLESS);
    watch();
    type('#login-name', 'ann');
    type('#login-secret', 'correct horse');
    document.getElementById('go')?.click();
    expect(reported).toMatchObject([{ step: 'sign-in', username: 'ann', password: 'correct horse' }]);
  });

  it('a React-controlled form as the user typed it, though its onSubmit prevents the default', () => {
    const app = mountReactSignIn();
    watch();
    act(() => {
      setInputValue(field('input[name="username"]'), 'ann');
      setInputValue(field('input[name="password"]'), 'correct horse');
    });
    act(() => document.querySelector('button')?.click());
    expect(app.submitted()).toEqual({ username: 'ann', password: 'correct horse' });
    expect(reported).toMatchObject([{ step: 'sign-in', username: 'ann', password: 'correct horse' }]);
    app.unmount();
  });

  it('Enter in a field outside any form', () => {
    mountPage(FORMLESS);
    watch();
    type('#login-name', 'ann');
    type('#login-secret', 'correct horse');
    field('#login-secret').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(reported).toMatchObject([{ step: 'sign-in', username: 'ann' }]);
  });
});

describe('watchSubmissions stays silent', () => {
  it('on load, reading no field whatever it holds', () => {
    mountPage(PLAIN_FORM);
    type('#user', 'prefilled@example.com');
    type('#pass', 'prefilled');
    const valueRead = vi.spyOn(HTMLInputElement.prototype, 'value', 'get');
    watch();
    expect(valueRead).not.toHaveBeenCalled();
    valueRead.mockRestore();
    expect(reported).toEqual([]);
  });

  it('for a form the browser refuses to submit (its own validation)', () => {
    mountPage(PLAIN_FORM);
    watch();
    type('#user', 'not an e-mail address');
    type('#pass', 'secret');
    submit();
    expect(reported).toEqual([]);
  });

  it('for a password a script set and submitted, by default (only trusted events count)', () => {
    mountPage(PLAIN_FORM);
    watch({ geometry: testGeometry() });
    type('#user', 'victim@example.com');
    type('#pass', 'attacker-chosen');
    document.querySelector('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    // A script's click on the submit button makes the browser itself fire a trusted 'submit'.
    document.querySelector('button')?.click();
    submit();
    expect(reported).toEqual([]);
  });

  it('for a password a script changed after the user typed it', () => {
    mountPage(PLAIN_FORM);
    watch();
    type('#user', 'ann@example.com');
    type('#pass', 'what the user typed');
    field('#pass').value = 'what the script wants saved';
    submit();
    expect(reported).toEqual([]);
  });

  it('for a sign-in without a password, a sign-up, a newsletter', () => {
    mountPage(`${PLAIN_FORM}${NEWSLETTER}${SIGN_UP}`);
    watch();
    type('#user', 'ann@example.com');
    submit('#login');
    type('input[name="email"]', 'ann@example.com');
    submit('.newsletter');
    type('#register input[name="username"]', 'ann');
    type('#register input[name="password"]', 'new secret');
    type('#register input[name="password_confirm"]', 'new secret');
    submit('#register');
    expect(reported).toEqual([]);
  });

  it('for a button that only shows the password or a link-like button of no sign-in', () => {
    mountPage(`<form id="f"><input id="u" autocomplete="username"><input id="p" type="password">
      <button type="button" id="eye" aria-label="Show password">👁</button></form>
      <div role="button" id="help">Help</div>`);
    watch();
    type('#u', 'ann');
    type('#p', 'half-typ');
    document.getElementById('eye')?.click();
    document.getElementById('help')?.click();
    expect(reported).toEqual([]);
  });

  it('once stopped', () => {
    mountPage(PLAIN_FORM);
    watch();
    stop();
    type('#user', 'ann@example.com');
    type('#pass', 'secret');
    submit();
    expect(reported).toEqual([]);
  });
});
