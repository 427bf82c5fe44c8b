/** @jest-environment jsdom */
// A group of behaviours (client/behaviours/catalog.ts is the real one): it arrives at a first sign of use,
// adds its members, and a held click reaches the member it was meant for, with its keys.
import { startBehaviours } from '../../../client/behaviours';

const clicks: { target: string; clientX: number }[] = [];
const member = {
  bind: jest.fn((root: Element) => {
    for (const button of root.querySelectorAll<HTMLElement>('[data-held]')) {
      button.addEventListener('click', (event) => {
        event.preventDefault();
        clicks.push({ target: button.id, clientX: event.clientX });
      });
    }
  }),
};
const loadMember = jest.fn(async () => member);
const loadOther = jest.fn(async () => ({}));
const loadGroup = jest.fn(async () => ({
  entries: [
    { selector: '#quick', load: () => loadMember(), on: ['click'] },
    { selector: '.other', load: () => loadOther(), on: ['click'] },
  ],
}));

// Two entries for one group share its loader, as registry.ts's do: it arrives once.
jest.mock('../../../client/behaviours/registry', () => {
  const group = () => loadGroup();
  return {
    behaviours: [
      { selector: '.list', load: group, on: ['pointerdown', 'scroll'] },
      { selector: '[data-held]', load: group, on: ['click'] },
    ],
  };
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('a behaviour group', () => {
  beforeAll(() => {
    document.body.innerHTML = `<section class="list">
      <button id="quick" data-held>Quick view</button>
      <div class="other"><label id="box-label"><input id="box" type="checkbox"> Brand</label><a id="plain" href="#elsewhere">Product</a></div>
    </section>`;
    startBehaviours();
  });

  it('arrives at a scroll of the page, without holding anything', async () => {
    document.dispatchEvent(new Event('scroll'));
    await settle();
    expect(loadGroup).toHaveBeenCalledTimes(1);
    expect(loadMember).not.toHaveBeenCalled();
  });

  it('never holds a checkbox, its label or a ctrl-click, even for a member still to come', async () => {
    const tick = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('box-label')!.dispatchEvent(tick);
    expect(tick.defaultPrevented).toBe(false);
    const ctrl = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    document.getElementById('plain')!.dispatchEvent(ctrl);
    expect(ctrl.defaultPrevented).toBe(false);
    await settle();
    expect(loadOther).toHaveBeenCalledTimes(1);
  });

  it('holds a first plain click on a member until it arrives, then replays it as it was', async () => {
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, clientX: 12 });
    document.getElementById('quick')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(clicks).toEqual([]);
    await settle();
    expect(loadMember).toHaveBeenCalledTimes(1);
    expect(clicks).toEqual([{ target: 'quick', clientX: 12 }]);
  });
});
