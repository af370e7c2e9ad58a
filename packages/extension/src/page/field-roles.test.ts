import { afterEach, describe, expect, it } from 'vitest';
import { roleOf } from './field-roles.js';

const roleOfHtml = (html: string) => {
  document.body.innerHTML = html;
  const input = document.querySelector<HTMLInputElement>('#f');
  if (!input) throw new Error('no #f');
  return roleOf(input);
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('roleOf', () => {
  it.each([
    ['autocomplete="username"', '<input id="f" autocomplete="username">'],
    ['autocomplete="section-a email"', '<input id="f" autocomplete="section-a email">'],
    ['an e-mail field', '<input id="f" type="email">'],
    ['a label saying E-mail address', '<label>E-mail address <input id="f"></label>'],
    ['a placeholder saying Username', '<input id="f" placeholder="Username">'],
    ['an aria-labelledby text', '<span id="l">Your login</span><input id="f" aria-labelledby="l">'],
    ["Google's identifier", '<input id="f" name="identifier">'],
    ['a phone number sign-in', '<input id="f" type="tel" name="phone">'],
  ])('finds a username by %s', (_name, html) => {
    expect(roleOfHtml(html)).toBe('username');
  });

  it.each([
    ['type=search', '<input id="f" type="search" placeholder="Search users">'],
    ['a search landmark', '<div role="search"><input id="f" placeholder="Find a member"></div>'],
    ['name q', '<input id="f" name="q">'],
    ['a one-time code', '<input id="f" autocomplete="one-time-code">'],
    ['a captcha', '<input id="f" name="captcha_answer">'],
    ['a first name', '<input id="f" name="first_name">'],
    ['a checkbox', '<input id="f" type="checkbox" name="remember_login">'],
    ['a date', '<input id="f" type="date">'],
    ['a file', '<input id="f" type="file">'],
  ])('knows %s is no sign-in field', (_name, html) => {
    expect(roleOfHtml(html)).toBe('other');
  });

  it('calls a text field that says nothing plain text', () => {
    expect(roleOfHtml('<input id="f" name="field1">')).toBe('text');
  });

  it.each([
    ['autocomplete="current-password"', '<input id="f" type="password" autocomplete="current-password">'],
    ['no hint at all', '<input id="f" type="password" name="pwd">'],
    [
      'a placeholder saying Enter your password',
      '<input id="f" type="password" placeholder="Enter your password">',
    ],
  ])('reads a password field with %s as the current password', (_name, html) => {
    expect(roleOfHtml(html)).toBe('current-password');
  });

  it.each([
    ['autocomplete="new-password"', '<input id="f" type="password" autocomplete="new-password">'],
    ['Confirm password', '<input id="f" type="password" placeholder="Confirm password">'],
    ['a repeat field', '<input id="f" type="password" name="password_repeat">'],
    ['New password', '<label>New password <input id="f" type="password"></label>'],
  ])('reads a password field with %s as a new password', (_name, html) => {
    expect(roleOfHtml(html)).toBe('new-password');
  });

  it('lets the page’s hint win over the words', () => {
    expect(roleOfHtml('<input id="f" type="password" name="new_pw" autocomplete="current-password">')).toBe(
      'current-password',
    );
  });

  it('knows a PIN or one-time code in a password field is no password', () => {
    expect(roleOfHtml('<input id="f" type="password" name="otp">')).toBe('other');
    expect(roleOfHtml('<input id="f" type="password" autocomplete="one-time-code">')).toBe('other');
  });
});
