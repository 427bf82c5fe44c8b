/** @jest-environment jsdom */
import { start } from '../../../client/behaviours/link-block';

jest.mock('htmx.org', () => ({ __esModule: true, default: { config: {}, swap: jest.fn() } }));

describe('link block', () => {
  const followed = jest.fn();

  beforeAll(() => {
    start();
    jest.useFakeTimers();
  });
  afterAll(() => jest.useRealTimers());

  beforeEach(() => {
    followed.mockClear();
    document.body.innerHTML = `
      <article data-link-block>
        <h3>Title</h3><p id="text">Summary</p>
        <a id="more" href="/fr/news/1">Read more</a>
        <button id="like" type="button">Like</button>
      </article>`;
    document.getElementById('more')!.addEventListener('click', (event) => {
      event.preventDefault();
      followed();
    });
  });

  const clickOn = (id: string) => document.getElementById(id)!.click();

  it('follows the block link when the block is clicked, once within 500 ms', () => {
    clickOn('text');
    clickOn('text');
    expect(followed).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(500);
    clickOn('text');
    expect(followed).toHaveBeenCalledTimes(2);
  });

  it('leaves clicks on the link itself and on other controls alone', () => {
    jest.advanceTimersByTime(500);
    clickOn('more');
    expect(followed).toHaveBeenCalledTimes(1);
    clickOn('like');
    expect(followed).toHaveBeenCalledTimes(1);
  });
});
