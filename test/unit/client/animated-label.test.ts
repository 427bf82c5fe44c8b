/** @jest-environment jsdom */
import { bind, start } from '../../../client/behaviours/animated-label';

describe('animated label', () => {
  beforeAll(() => start());

  beforeEach(() => {
    document.body.innerHTML = `
      <form>
        <div class="field animated-label"><label for="email">E-mail</label><input id="email" value="a@b.c"></div>
        <div class="field animated-label"><label for="name">Name</label><input id="name"></div>
        <div class="animated-label"><div class="form-group"><select id="country"><option value="">-</option><option>BE</option></select></div></div>
        <div class="field"><input id="plain" value="x"></div>
      </form>`;
  });

  const wrapperOf = (id: string) => document.getElementById(id)!.parentElement!;

  it('marks the wrapper of a non-empty field as filled on load', () => {
    bind(document.body);
    expect(wrapperOf('email').classList.contains('filled')).toBe(true);
    expect(wrapperOf('name').classList.contains('filled')).toBe(false);
    expect(wrapperOf('plain').classList.contains('filled')).toBe(false);
  });

  it('follows input and change events', () => {
    bind(document.body);
    const name = document.getElementById('name') as HTMLInputElement;
    name.value = 'Ada';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    expect(wrapperOf('name').classList.contains('filled')).toBe(true);
    name.value = '  ';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    expect(wrapperOf('name').classList.contains('filled')).toBe(false);
    const country = document.getElementById('country') as HTMLSelectElement;
    country.value = 'BE';
    country.dispatchEvent(new Event('change', { bubbles: true }));
    expect(wrapperOf('country').classList.contains('filled')).toBe(true);
  });
});
