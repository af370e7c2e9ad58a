import { afterEach, describe, expect, it } from 'vitest';
import {
  COVERED_FORM,
  FAINT_FORM,
  HIDDEN_HARVEST_FIELDS,
  mountPage,
  OFF_SCREEN_FORM,
  TRANSPARENT_OVERLAID_FORM,
} from './corpus/sign-in-pages.js';
import { testGeometry } from './corpus/test-geometry.js';
import { whyUnusable } from './field-visibility.js';

const reasonOf = (selector: string) => {
  const input = document.querySelector<HTMLInputElement>(selector);
  if (!input) throw new Error(`no ${selector}`);
  return whyUnusable(input, testGeometry());
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('whyUnusable', () => {
  it('accepts a visible, enabled, editable field', () => {
    mountPage('<input id="a">');
    expect(reasonOf('#a')).toBeNull();
  });

  it('refuses disabled, read-only and inert fields', () => {
    mountPage(`<input id="a" disabled><input id="b" readonly><fieldset disabled><input id="c"></fieldset>
      <div inert><input id="d"></div>`);
    for (const id of ['#a', '#b', '#c', '#d']) expect(reasonOf(id), id).toBe('disabled');
  });

  it('refuses fields hidden by type, attribute, display or visibility, their own or an ancestor’s', () => {
    mountPage(`<style>.gone { display: none }</style>
      <input id="a" type="hidden"><div hidden><input id="b"></div><div class="gone"><input id="c"></div>
      <div style="visibility: hidden"><input id="d"></div><input id="e" style="visibility: collapse">`);
    for (const id of ['#a', '#b', '#c', '#d', '#e']) expect(reasonOf(id), id).toBe('hidden');
  });

  it('accepts a visible field inside a hidden ancestor that it makes visible again', () => {
    mountPage('<div style="visibility: hidden"><input id="a" style="visibility: visible"></div>');
    expect(reasonOf('#a')).toBeNull();
  });

  it('refuses a transparent field, multiplying the opacity of its ancestors', () => {
    mountPage(TRANSPARENT_OVERLAID_FORM);
    expect(reasonOf('input[type="password"]')).toBe('transparent');
    mountPage(FAINT_FORM);
    expect(reasonOf('input[type="password"]')).toBe('transparent');
    mountPage('<div style="opacity: 0.5"><input id="a" style="opacity: 0.5"></div>');
    expect(reasonOf('#a')).toBeNull();
  });

  it('refuses a field too small to type into', () => {
    mountPage(HIDDEN_HARVEST_FIELDS);
    expect(reasonOf('#h3')).toBe('too-small');
  });

  it('refuses a field off the page, but not one below the fold', () => {
    mountPage(OFF_SCREEN_FORM);
    expect(reasonOf('input[type="password"]')).toBe('off-page');
    mountPage(`<input id="a" data-box="100,-500,240,32"><input id="b" data-box="5000,100,240,32">
      <input id="c" data-box="100,2000,240,32">`);
    expect(reasonOf('#a')).toBe('off-page');
    expect(reasonOf('#b')).toBe('off-page');
    expect(reasonOf('#c')).toBeNull();
  });

  it('refuses a field another element covers, not one its own label or form decorates', () => {
    mountPage(COVERED_FORM);
    expect(reasonOf('input[type="password"]')).toBe('covered');
    mountPage(`<form><label for="a" data-box="100,100,120,32">Email</label><input id="a">
      <span class="eye" data-box="300,148,40,32"></span><input id="b" type="password"></form>`);
    expect(reasonOf('#a')).toBeNull();
    expect(reasonOf('#b')).toBeNull();
  });

  it('lets a covering element that takes no pointer through', () => {
    mountPage(`<input id="a"><div data-box="0,0,1024,768" style="pointer-events: none">Floating label</div>`);
    expect(reasonOf('#a')).toBeNull();
  });

  it('refuses a field no longer in the document', () => {
    const input = document.createElement('input');
    expect(whyUnusable(input, testGeometry())).toBe('detached');
  });
});
