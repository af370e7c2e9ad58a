import { afterEach, describe, expect, it } from 'vitest';
import {
  CHANGE_PASSWORD,
  COVERED_FORM,
  FAINT_FORM,
  FORMLESS,
  HIDDEN_HARVEST_FIELDS,
  mountPage,
  NEWSLETTER,
  OFF_SCREEN_FORM,
  ONE_TIME_CODE,
  PLAIN_FORM,
  SEARCH_ONLY,
  SIGN_UP,
  SIGN_UP_AND_SIGN_IN,
  TRANSPARENT_OVERLAID_FORM,
  TWO_STEP_PASSWORD,
  TWO_STEP_USERNAME,
  UNHINTED_FORM,
} from './corpus/sign-in-pages.js';
import { testGeometry } from './corpus/test-geometry.js';
import { detectSignInForm } from './detect-sign-in.js';

const detect = () => detectSignInForm(document, { geometry: testGeometry() });
const byId = (id: string) => document.getElementById(id);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('detectSignInForm finds the sign-in form', () => {
  it('of a plain form with autocomplete hints', () => {
    mountPage(PLAIN_FORM);
    expect(detect()).toEqual({
      kind: 'username-and-password',
      fields: { username: byId('user'), password: byId('pass') },
      scope: byId('login'),
    });
  });

  it('of a form without hints, taking the text field right before the password', () => {
    mountPage(UNHINTED_FORM);
    const form = detect();
    expect(form.kind).toBe('username-and-password');
    expect(form.fields.username?.name).toBe('field1');
    expect(form.fields.password?.name).toBe('field2');
  });

  it('of fields outside any form, leaving the search box out', () => {
    mountPage(FORMLESS);
    expect(detect()).toMatchObject({
      kind: 'username-and-password',
      fields: { username: byId('login-name'), password: byId('login-secret') },
    });
  });

  it('of the first step of a two-step sign-in, beside a "Create account" button', () => {
    mountPage(TWO_STEP_USERNAME);
    expect(detect()).toMatchObject({ kind: 'username-only', fields: { username: byId('identifierId') } });
  });

  it('of the second step, without filling the hidden username', () => {
    mountPage(TWO_STEP_PASSWORD);
    const form = detect();
    expect(form).toMatchObject({ kind: 'password-only', fields: { password: byId('pw') } });
    expect(form.fields.username).toBeUndefined();
  });

  it('of the sign-in beside a sign-up form', () => {
    mountPage(SIGN_UP_AND_SIGN_IN);
    expect(detect()).toMatchObject({ kind: 'username-and-password', scope: byId('signin') });
  });

  it('of a change of password: the marked current password only', () => {
    mountPage(CHANGE_PASSWORD);
    const form = detect();
    expect(form.kind).toBe('password-only');
    expect(form.fields.password?.name).toBe('current');
  });

  it('of a visible form, never of the hidden, invisible or tiny fields beside it', () => {
    mountPage(HIDDEN_HARVEST_FIELDS);
    expect(detect()).toEqual({
      kind: 'username-and-password',
      fields: { username: byId('u'), password: byId('p') },
      scope: byId('visible'),
    });
  });

  it('in an open shadow root', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = `<input id="s-user" autocomplete="username"><input id="s-pass" type="password">`;
    expect(detect()).toMatchObject({
      kind: 'username-and-password',
      fields: { username: shadow.getElementById('s-user'), password: shadow.getElementById('s-pass') },
    });
  });

  it('prefers a whole form to a lone username, and the form the user is in among equals', () => {
    mountPage(`${TWO_STEP_USERNAME}${PLAIN_FORM}
      <form id="second"><input id="u2" autocomplete="username"><input id="p2" type="password"></form>`);
    expect(detect().scope).toBe(byId('login'));
    byId('u2')?.focus();
    expect(detect().scope).toBe(byId('second'));
  });
});

describe('detectSignInForm answers unrecognised', () => {
  it.each([
    ['a sign-up form', SIGN_UP],
    ['a search box', SEARCH_ONLY],
    ['a newsletter form', NEWSLETTER],
    ['a one-time code', ONE_TIME_CODE],
    ['an empty page', '<p>Nothing to sign in to</p>'],
    [
      'two unmarked passwords',
      '<form><input name="a" type="password"><input name="b" type="password"></form>',
    ],
    ['a lone text field that says nothing', '<form><input name="x"><button>Send</button></form>'],
  ])('for %s', (_name, html) => {
    mountPage(html);
    expect(detect()).toEqual({ kind: 'unrecognised', fields: {}, scope: null });
  });

  it.each([
    ['transparent and laid under a lure', TRANSPARENT_OVERLAID_FORM],
    ['transparent through its ancestors', FAINT_FORM],
    ['pushed off the page', OFF_SCREEN_FORM],
    ['covered by another element', COVERED_FORM],
  ])('for a sign-in form %s (DOM-based clickjacking)', (_name, html) => {
    mountPage(html);
    expect(detect().kind).toBe('unrecognised');
  });

  it('with the browser’s geometry in jsdom, where every box is empty: only a real browser lays out', () => {
    mountPage(PLAIN_FORM);
    expect(detectSignInForm(document).kind).toBe('unrecognised');
  });
});
