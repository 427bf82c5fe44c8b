/** @jest-environment jsdom */
import { findAnchorTarget } from '../../../client/shell/anchors';

describe('findAnchorTarget', () => {
  beforeEach(() => {
    document.body.innerHTML = '<h2 id="livraison-été">Livraison</h2><a name="legacy"></a><p id="%E0%A4%A">odd</p>';
  });

  it('finds an element by its id, percent-encoded or not, or by its name', () => {
    expect(findAnchorTarget('#livraison-%C3%A9t%C3%A9')?.textContent).toBe('Livraison');
    expect(findAnchorTarget('#livraison-été')?.textContent).toBe('Livraison');
    expect(findAnchorTarget('#legacy')?.getAttribute('name')).toBe('legacy');
  });

  it('never throws on a malformed escape: it looks the hash up as written', () => {
    expect(() => findAnchorTarget('#%E0%A4%A')).not.toThrow();
    expect(findAnchorTarget('#%E0%A4%A')?.textContent).toBe('odd');
    expect(findAnchorTarget('#%zz')).toBeNull();
    expect(findAnchorTarget('#')).toBeNull();
  });
});
