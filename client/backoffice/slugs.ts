// [data-slug-from="#title-field"] on a slug input: while the slug is empty or still the one suggested,
// typing the title suggests a slug (lowercase, accents dropped, words joined by dashes).
const bound = new WeakSet<Element>();

export function slugOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200);
}

export function bindSlugs(root: ParentNode): void {
  for (const slug of root.querySelectorAll<HTMLInputElement>('input[data-slug-from]')) {
    if (bound.has(slug)) continue;
    bound.add(slug);
    const title = document.querySelector<HTMLInputElement>(slug.dataset.slugFrom!);
    if (!title) continue;
    let suggested = slug.value === '' ? '' : null;
    title.addEventListener('input', () => {
      if (suggested === null || slug.value !== suggested) return;
      suggested = slugOf(title.value);
      slug.value = suggested;
    });
  }
}
