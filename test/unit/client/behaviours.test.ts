/** @jest-environment jsdom */
import { bindBehaviours, startBehaviours } from '../../../client/behaviours';

const copyBehaviour = { start: jest.fn(), bind: jest.fn() };
const loadCopy = jest.fn(async () => copyBehaviour);

jest.mock('../../../client/behaviours/registry', () => ({
  behaviours: [{ selector: '[data-copy]', load: () => loadCopy() }],
}));

describe('behaviour binding', () => {
  beforeEach(() => {
    document.body.innerHTML = '<main id="page"><p>No behaviour here</p></main>';
  });

  it('loads a behaviour only where its selector matches, starts it once and binds each root', async () => {
    await bindBehaviours(document.body);
    expect(loadCopy).not.toHaveBeenCalled();

    document.getElementById('page')!.innerHTML = '<button data-copy="A">Copy</button>';
    await bindBehaviours(document.body);
    const swapped = document.createElement('section');
    swapped.innerHTML = '<button data-copy="B">Copy</button>';
    document.body.append(swapped);
    await bindBehaviours(swapped);

    expect(loadCopy).toHaveBeenCalledTimes(1);
    expect(copyBehaviour.start).toHaveBeenCalledTimes(1);
    expect(copyBehaviour.bind.mock.calls).toEqual([[document.body], [swapped]]);
  });

  it('binds swapped-in HTML on htmx:load', async () => {
    startBehaviours();
    copyBehaviour.bind.mockClear();
    const swapped = document.createElement('div');
    swapped.innerHTML = '<button data-copy="C">Copy</button>';
    document.body.append(swapped);
    swapped.dispatchEvent(new CustomEvent('htmx:load', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(copyBehaviour.bind).toHaveBeenCalledWith(swapped);
  });
});
