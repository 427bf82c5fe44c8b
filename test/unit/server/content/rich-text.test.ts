import { plainText, sanitizeRichText } from '../../../../server/content/rich-text';
import { isVisibleRow } from '../../../../server/content/publishing';

describe('sanitizeRichText', () => {
  it('keeps the allowed structure', () => {
    expect(sanitizeRichText('<h2>Title</h2><p>Some <strong>bold</strong> <a href="https://example.org">link</a></p>')).toBe(
      '<h2>Title</h2><p>Some <strong>bold</strong> <a href="https://example.org">link</a></p>',
    );
  });

  it('drops scripts, handlers, styles and javascript: links', () => {
    const clean = sanitizeRichText('<p onclick="x()" style="color:red">a<script>alert(1)</script><a href="javascript:alert(1)">b</a><iframe src="//evil"></iframe></p>');
    expect(clean).toBe('<p>a<a>b</a></p>');
  });

  it('gives a link opening a new tab rel=noopener noreferrer', () => {
    expect(sanitizeRichText('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('plainText gives the words alone', () => {
    expect(plainText('<p>One <em>two</em></p>\n<p>three</p>')).toBe('One two three');
  });
});

describe('isVisibleRow', () => {
  const now = 1_000_000;
  it('shows a published item inside its window only', () => {
    expect(isVisibleRow({ status: 'published', publish_at: null, unpublish_at: null }, now)).toBe(true);
    expect(isVisibleRow({ status: 'draft', publish_at: null, unpublish_at: null }, now)).toBe(false);
    expect(isVisibleRow({ status: 'published', publish_at: now + 1, unpublish_at: null }, now)).toBe(false);
    expect(isVisibleRow({ status: 'published', publish_at: null, unpublish_at: now }, now)).toBe(false);
    expect(isVisibleRow({ status: 'published', publish_at: String(now - 1), unpublish_at: String(now + 1) }, now)).toBe(true);
  });
});
