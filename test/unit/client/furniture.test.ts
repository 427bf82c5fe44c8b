import { infoBarMode, marqueeSeconds } from '../../../client/behaviours/info-bar';
import { isRemembered, parseMemory, remember } from '../../../common/popup-memory';

describe('the info bar rule (spec section 4)', () => {
  const sizes = { bar: 1000, content: 900, first: 600, second: 300 };
  it('at 1024 px and below scrolls the whole content when it overflows the bar', () => {
    expect(infoBarMode({ ...sizes, viewport: 1024 })).toBe('static');
    expect(infoBarMode({ ...sizes, viewport: 1024, content: 1001 })).toBe('all');
    expect(infoBarMode({ ...sizes, viewport: 400, bar: 400, content: 900 })).toBe('all');
  });
  it('wider, scrolls the first item alone when it overflows the room the second leaves', () => {
    expect(infoBarMode({ ...sizes, viewport: 1025 })).toBe('static');
    expect(infoBarMode({ ...sizes, viewport: 1280, first: 701 })).toBe('first');
    expect(infoBarMode({ ...sizes, viewport: 1280, first: 1200, second: 0 })).toBe('first');
  });
});

describe('the marquee duration', () => {
  it('runs at 40 px/s unless the style variable gives a valid positive speed', () => {
    expect(marqueeSeconds(2000, '')).toBe(50);
    expect(marqueeSeconds(2000, ' 80')).toBe(25);
    for (const invalid of ['0', '-10', 'fast', 'NaN']) expect(marqueeSeconds(2000, invalid)).toBe(50);
  });
  it('is clamped to 10..120 s', () => {
    expect(marqueeSeconds(100, '')).toBe(10);
    expect(marqueeSeconds(100_000, '')).toBe(120);
  });
});

describe('the popup memory cookie', () => {
  it('holds id and end pairs, drops ended ones when written, ignores malformed entries', () => {
    const now = 1_000_000;
    const value = remember('3-2000000.9-500000.bad.x-1', { id: 7, endsAt: 3_000_000 }, now);
    expect(value).toBe('3-2000000.7-3000000');
    expect(isRemembered(value, 7)).toBe(true);
    expect(isRemembered(value, 9)).toBe(false);
    expect([...parseMemory('<script>.1-2')]).toEqual([[1, 2]]);
  });
});
