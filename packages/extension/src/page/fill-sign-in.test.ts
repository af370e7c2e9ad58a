// jsdom's page is http://localhost:3000/, so the secrets here are saved for that address (an exact host
// and port) unless a test is about a page that does not match.
import type { SecretUrl } from '@coffer/core';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { mountReactSignIn } from './corpus/react-sign-in.js';
import {
  HIDDEN_HARVEST_FIELDS,
  mountPage,
  OFF_SCREEN_FORM,
  PAGE_WITH_FRAME,
  PLAIN_FORM,
  SEARCH_ONLY,
  TRANSPARENT_OVERLAID_FORM,
  TWO_STEP_PASSWORD,
  TWO_STEP_USERNAME,
} from './corpus/sign-in-pages.js';
import { testGeometry } from './corpus/test-geometry.js';
import { mountVueLikeSignIn } from './corpus/vue-like-sign-in.js';
import { type FillOptions, type FillRequest, type FillResult, fillSignIn } from './fill-sign-in.js';
import { frameContextOf } from './frame-context.js';

const HERE: SecretUrl[] = [{ url: 'http://localhost:3000' }];
const secret: FillRequest = { username: 'ann@example.com', password: 'correct horse', urls: HERE };
const options: FillOptions = { geometry: testGeometry(), frame: { frame: 'top' } };
const fieldValue = (selector: string) => document.querySelector<HTMLInputElement>(selector)?.value;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('fillSignIn fills', () => {
  it('the username and password of a plain form', () => {
    mountPage(PLAIN_FORM);
    expect(fillSignIn(document, secret, options)).toEqual({ filled: ['username', 'password'] });
    expect(fieldValue('#user')).toBe('ann@example.com');
    expect(fieldValue('#pass')).toBe('correct horse');
  });

  it('a React-controlled form, whose state and submit see the values', () => {
    const app = mountReactSignIn();
    let result: FillResult | undefined;
    act(() => {
      result = fillSignIn(document, secret, options);
    });
    expect(result).toEqual({ filled: ['username', 'password'] });
    expect(app.state()).toEqual({ username: 'ann@example.com', password: 'correct horse' });
    act(() => document.querySelector('button')?.click());
    expect(app.submitted()).toEqual({ username: 'ann@example.com', password: 'correct horse' });
    app.unmount();
  });

  it('a form kept by input events (Vue’s v-model), whose re-renders keep both values', () => {
    const app = mountVueLikeSignIn();
    expect(fillSignIn(document, secret, options)).toEqual({ filled: ['username', 'password'] });
    expect(app.state).toEqual({ username: 'ann@example.com', password: 'correct horse' });
    expect(fieldValue('input[name="username"]')).toBe('ann@example.com');
  });

  it('fires focus, input and change in that order, bubbling', () => {
    mountPage(PLAIN_FORM);
    const seen: string[] = [];
    for (const type of ['focus', 'input', 'change', 'blur']) {
      document.addEventListener(
        type,
        (event) => seen.push(`${type}:${(event.target as HTMLInputElement).id}`),
        true,
      );
    }
    fillSignIn(document, secret, options);
    expect(seen).toEqual([
      'focus:user',
      'input:user',
      'change:user',
      'blur:user',
      'focus:pass',
      'input:pass',
      'change:pass',
      'blur:pass',
    ]);
  });

  it('the first step of a two-step sign-in with the username only', () => {
    mountPage(TWO_STEP_USERNAME);
    expect(fillSignIn(document, secret, options)).toEqual({ filled: ['username'] });
    expect(fieldValue('#identifierId')).toBe('ann@example.com');
  });

  it('the second step with the password only, leaving the hidden username alone', () => {
    mountPage(TWO_STEP_PASSWORD);
    expect(fillSignIn(document, secret, options)).toEqual({ filled: ['password'] });
    expect(fieldValue('#pw')).toBe('correct horse');
    expect(fieldValue('input[name="identifier"]')).toBe('ann@example.com');
  });

  it('only the visible fields, never the hidden ones beside them', () => {
    mountPage(HIDDEN_HARVEST_FIELDS);
    fillSignIn(document, secret, options);
    expect(['#u', '#p', '#h1', '#h2', '#h3'].map(fieldValue)).toEqual([
      'ann@example.com',
      'correct horse',
      '',
      '',
      '',
    ]);
  });

  it('no username when the secret has none', () => {
    mountPage(PLAIN_FORM);
    expect(fillSignIn(document, { ...secret, username: '' }, options)).toEqual({ filled: ['password'] });
    expect(fieldValue('#user')).toBe('');
  });

  it('an http page for an https secret once the user accepted the warning', () => {
    mountPage(PLAIN_FORM);
    const urls: SecretUrl[] = [{ url: 'https://localhost:3000' }];
    expect(fillSignIn(document, { ...secret, urls }, options)).toEqual({ refused: 'insecure-not-confirmed' });
    expect(fieldValue('#pass')).toBe('');
    expect(fillSignIn(document, { ...secret, urls, insecureConfirmed: true }, options)).toEqual({
      filled: ['username', 'password'],
    });
  });
});

describe('fillSignIn refuses', () => {
  it('a page the secret’s URLs do not match, filling nothing', () => {
    mountPage(PLAIN_FORM);
    const urls: SecretUrl[] = [{ url: 'https://example.com' }, { url: 'http://localhost:4000' }];
    expect(fillSignIn(document, { ...secret, urls }, options)).toEqual({ refused: 'page-does-not-match' });
    expect(fieldValue('#pass')).toBe('');
  });

  it.each([
    ['transparent and overlaid', TRANSPARENT_OVERLAID_FORM],
    ['off-screen', OFF_SCREEN_FORM],
    ['a search box', SEARCH_ONLY],
  ])('a page whose only form is %s', (_name, html) => {
    mountPage(html);
    expect(fillSignIn(document, secret, options)).toEqual({ refused: 'unrecognised' });
    for (const input of document.querySelectorAll('input')) expect(input.value).toBe('');
  });

  it('a frame of another origin, until the user confirmed that very origin', () => {
    mountPage(PLAIN_FORM);
    const frame: FillOptions = { ...options, frame: { frame: 'cross-origin' } };
    expect(fillSignIn(document, secret, frame)).toEqual({ refused: 'frame-not-confirmed' });
    expect(fillSignIn(document, { ...secret, frameOriginConfirmed: 'http://localhost:4000' }, frame)).toEqual(
      {
        refused: 'frame-not-confirmed',
      },
    );
    expect(fieldValue('#pass')).toBe('');
    expect(fillSignIn(document, { ...secret, frameOriginConfirmed: 'http://localhost:3000' }, frame)).toEqual(
      {
        filled: ['username', 'password'],
      },
    );
  });

  it('a same-origin frame in a page the secret must not reach, and fills one it may', () => {
    mountPage(PLAIN_FORM);
    const exact: SecretUrl[] = [{ url: 'http://localhost:3000/', match: 'exact' }];
    const inPage = (topUrl: string): FillOptions => ({ ...options, frame: { frame: 'same-origin', topUrl } });
    expect(fillSignIn(document, { ...secret, urls: exact }, inPage('http://localhost:3000/home'))).toEqual({
      filled: ['username', 'password'],
    });
    expect(fillSignIn(document, secret, inPage('https://evil.net/'))).toEqual({ refused: 'frame-refused' });
  });
});

describe('frames in jsdom', () => {
  it('reads a same-origin frame as such and the top document as the top', () => {
    mountPage(PAGE_WITH_FRAME);
    const frameDoc = document.querySelector('iframe')?.contentDocument;
    if (!frameDoc) throw new Error('no frame document');
    expect(frameContextOf(document)).toEqual({ frame: 'top' });
    expect(frameContextOf(frameDoc)).toEqual({ frame: 'same-origin', topUrl: 'http://localhost:3000/' });
  });

  it('refuses a frame whose document has no web URL (about:blank)', () => {
    mountPage(PAGE_WITH_FRAME);
    const frameDoc = document.querySelector('iframe')?.contentDocument;
    if (!frameDoc) throw new Error('no frame document');
    mountPage(PLAIN_FORM, frameDoc);
    expect(fillSignIn(frameDoc, secret, { geometry: testGeometry(frameDoc) })).toEqual({
      refused: 'page-does-not-match',
    });
  });
});
