/** @jest-environment jsdom */
import { copy, showCopyMessage, textToCopy } from '../../../client/behaviours/clipboard';

// htmx ships as an ES module that jest's CommonJS runtime cannot load; these tests do not swap.
jest.mock('htmx.org', () => ({ __esModule: true, default: { config: {}, swap: jest.fn() } }));

describe('clipboard', () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <button id="literal" data-copy="ABC-123" data-copy-message="Copié">Copy</button>
      <button id="from-input" data-copy-target="#code">Copy</button>
      <button id="from-text" data-copy-target="#iban">Copy</button>
      <input id="code" value="COUPON10">
      <p id="iban"> BE68 5390 0754 7034 </p>`;
  });

  it('copies the attribute text or the target field value or text', () => {
    expect(textToCopy(document.getElementById('literal')!)).toBe('ABC-123');
    expect(textToCopy(document.getElementById('from-input')!)).toBe('COUPON10');
    expect(textToCopy(document.getElementById('from-text')!)).toBe('BE68 5390 0754 7034');
  });

  describe('message timings', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('opens after 100 ms, closes at 2000 ms and is removed at 2500 ms', () => {
      const trigger = document.getElementById('literal')!;
      const message = showCopyMessage(trigger, 'Copié');
      expect(trigger.nextElementSibling).toBe(message);
      expect(message.getAttribute('role')).toBe('status');
      expect(message.classList.contains('open')).toBe(false);
      jest.advanceTimersByTime(99);
      expect(message.classList.contains('open')).toBe(false);
      jest.advanceTimersByTime(1);
      expect(message.classList.contains('open')).toBe(true);
      jest.advanceTimersByTime(1899);
      expect(message.classList.contains('open')).toBe(true);
      jest.advanceTimersByTime(1);
      expect(message.classList.contains('open')).toBe(false);
      expect(message.isConnected).toBe(true);
      jest.advanceTimersByTime(499);
      expect(message.isConnected).toBe(true);
      jest.advanceTimersByTime(1);
      expect(message.isConnected).toBe(false);
    });
  });

  it('writes to the clipboard and shows the message from the page', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const trigger = document.getElementById('literal')!;
    await copy(trigger);
    expect(writeText).toHaveBeenCalledWith('ABC-123');
    expect(trigger.nextElementSibling?.textContent).toBe('Copié');
  });
});
