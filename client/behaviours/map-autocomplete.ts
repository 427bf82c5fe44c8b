// Place fields ([data-place-autocomplete], views/partials/maps/place-field.ejs): without JS a plain
// input its GET form submits, and the server geocodes the text. With JS the input becomes a combobox
// (ARIA 1.2 list autocomplete): as one types (debounced), {app}/api/v1/maps/places?q= suggests places;
// arrows move through them, Enter or a click takes one into the field, Escape closes the list. A
// failed lookup is a warning only (section 8): the field stays a plain field.

const DEBOUNCE_MS = 250;
const MIN_LENGTH = 3;

interface Suggestion {
  Label: string;
}

function setUp(field: HTMLElement): void {
  const input = field.querySelector('input');
  const list = field.querySelector<HTMLUListElement>('[role="listbox"]');
  const status = field.querySelector<HTMLElement>('[data-place-status]');
  if (!input || !list || !status) return;
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', list.id);
  input.autocomplete = 'off';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  let active = -1;

  const options = () => [...list.querySelectorAll<HTMLLIElement>('[role="option"]')];
  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };
  const highlight = (index: number) => {
    const all = options();
    active = all.length ? (index + all.length) % all.length : -1;
    all.forEach((option, position) => option.setAttribute('aria-selected', String(position === active)));
    if (active >= 0) input.setAttribute('aria-activedescendant', all[active].id);
  };
  const choose = (option: HTMLLIElement) => {
    input.value = option.textContent ?? '';
    close();
    input.focus();
  };
  const show = (places: Suggestion[]) => {
    list.replaceChildren(
      ...places.map((place, index) => {
        const option = document.createElement('li');
        option.id = `${list.id}-${index}`;
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        option.textContent = place.Label;
        option.addEventListener('mousedown', (event) => event.preventDefault());
        option.addEventListener('click', () => choose(option));
        return option;
      }),
    );
    status.textContent = (field.dataset.count ?? '').replace('{number}', String(places.length));
    list.hidden = places.length === 0;
    input.setAttribute('aria-expanded', String(places.length > 0));
    active = -1;
  };
  const lookUp = async () => {
    const text = input.value.trim();
    controller?.abort();
    if (text.length < MIN_LENGTH) return close();
    controller = new AbortController();
    const url = `${field.dataset.suggestUrl}&q=${encodeURIComponent(text)}`;
    try {
      const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: controller.signal });
      if (!response.ok) throw new Error(String(response.status));
      show(((await response.json()) as { Places: Suggestion[] }).Places);
    } catch (error) {
      if ((error as Error).name !== 'AbortError') console.warn('place suggestions failed', error);
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void lookUp(), DEBOUNCE_MS);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (list.hidden) return;
      event.preventDefault();
      highlight(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && !list.hidden && active >= 0) {
      event.preventDefault();
      choose(options()[active]);
    } else if (event.key === 'Escape' && !list.hidden) {
      event.preventDefault();
      close();
    }
  });
  input.addEventListener('blur', close);
}

export function bind(root: Element): void {
  const fields = root.matches('[data-place-autocomplete]') ? [root] : [...root.querySelectorAll('[data-place-autocomplete]')];
  for (const field of fields as HTMLElement[]) {
    if (field.dataset.placeBound) continue;
    field.dataset.placeBound = 'true';
    setUp(field);
  }
}
