import { describe, expect, it } from 'vitest';
import { earlyEdits } from './earlyEdits';

/** A form as the prerendered HTML serves it: values in attributes, the chosen option marked selected. */
function servedForm(): HTMLFormElement {
  const form = document.createElement('form');
  form.innerHTML = `
    <input name="q" value="">
    <input name="kept" value="served">
    <textarea name="message"></textarea>
    <select name="level"><option value="">All</option><option value="Beginner">Beginner</option></select>
    <select name="sort"><option value="rating">Rating</option><option value="students" selected>Students</option></select>
    <input type="checkbox" name="terms">
    <input value="no name">`;
  return form;
}

describe('earlyEdits', () => {
  it('finds nothing in a form as it was served', () => {
    expect(earlyEdits(servedForm())).toEqual({});
  });

  it('returns exactly the named fields the visitor changed: typed, picked and ticked', () => {
    const form = servedForm();
    (form.elements.namedItem('q') as HTMLInputElement).value = 'python';
    (form.elements.namedItem('message') as HTMLTextAreaElement).value = 'Hello';
    (form.elements.namedItem('level') as HTMLSelectElement).value = 'Beginner';
    (form.elements.namedItem('sort') as HTMLSelectElement).value = 'rating';
    (form.elements.namedItem('terms') as HTMLInputElement).checked = true;
    (form.querySelector('input:not([name])') as HTMLInputElement).value = 'ignored';
    expect(earlyEdits(form)).toEqual({ q: 'python', message: 'Hello', level: 'Beginner', sort: 'rating', terms: 'on' });
  });

  it('counts a field typed back to its served value as unchanged', () => {
    const form = servedForm();
    (form.elements.namedItem('kept') as HTMLInputElement).value = 'served';
    expect(earlyEdits(form)).toEqual({});
  });
});
