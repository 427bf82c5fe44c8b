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

/** One place field's combobox: its input, listbox and live region. */
class PlaceCombobox {
  private active = -1;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private controller: AbortController | undefined;

  constructor(
    private readonly field: HTMLElement,
    private readonly input: HTMLInputElement,
    private readonly list: HTMLUListElement,
    private readonly status: HTMLElement,
  ) {
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-expanded', 'false');
    input.setAttribute('aria-controls', list.id);
    input.autocomplete = 'off';
    input.addEventListener('input', () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.lookUp(), DEBOUNCE_MS);
    });
    input.addEventListener('keydown', (event) => this.onKey(event));
    input.addEventListener('blur', () => this.close());
    // Typed before this module arrived (its first key loads it; a slow network brings it late): the
    // text is in the field and its input events are gone, so it is looked up now.
    if (document.activeElement === input && input.value !== input.defaultValue) void this.lookUp();
  }

  private options(): HTMLLIElement[] {
    return [...this.list.querySelectorAll<HTMLLIElement>('[role="option"]')];
  }

  private close(): void {
    this.list.hidden = true;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
    this.active = -1;
  }

  private highlight(index: number): void {
    const all = this.options();
    this.active = all.length ? (index + all.length) % all.length : -1;
    all.forEach((option, position) => option.setAttribute('aria-selected', String(position === this.active)));
    if (this.active >= 0) this.input.setAttribute('aria-activedescendant', all[this.active].id);
  }

  private choose(option: HTMLLIElement): void {
    this.input.value = option.textContent ?? '';
    this.close();
    this.input.focus();
  }

  private optionOf(place: Suggestion, index: number): HTMLLIElement {
    const option = document.createElement('li');
    option.id = `${this.list.id}-${index}`;
    option.setAttribute('role', 'option');
    option.setAttribute('aria-selected', 'false');
    option.textContent = place.Label;
    // Keeps the focus in the input, so its blur does not close the list before the click.
    option.addEventListener('mousedown', (event) => event.preventDefault());
    option.addEventListener('click', () => this.choose(option));
    return option;
  }

  private show(places: Suggestion[]): void {
    this.list.replaceChildren(...places.map((place, index) => this.optionOf(place, index)));
    this.status.textContent = (this.field.dataset.count ?? '').replace('{number}', String(places.length));
    this.list.hidden = places.length === 0;
    this.input.setAttribute('aria-expanded', String(places.length > 0));
    this.active = -1;
  }

  private async lookUp(): Promise<void> {
    const text = this.input.value.trim();
    this.controller?.abort();
    if (text.length < MIN_LENGTH) return this.close();
    this.controller = new AbortController();
    try {
      const response = await fetch(`${this.field.dataset.suggestUrl}&q=${encodeURIComponent(text)}`, { headers: { Accept: 'application/json' }, signal: this.controller.signal });
      if (!response.ok) throw new Error(String(response.status));
      this.show(((await response.json()) as { Places: Suggestion[] }).Places);
    } catch (error) {
      if ((error as Error).name !== 'AbortError') console.warn('place suggestions failed', error);
    }
  }

  private onKey(event: KeyboardEvent): void {
    if (this.list.hidden) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      this.highlight(this.active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && this.active >= 0) {
      event.preventDefault();
      this.choose(this.options()[this.active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this.close();
    }
  }
}

export function bind(root: Element): void {
  const fields = root.matches('[data-place-autocomplete]') ? [root] : [...root.querySelectorAll('[data-place-autocomplete]')];
  for (const field of fields as HTMLElement[]) {
    const input = field.querySelector('input');
    const list = field.querySelector<HTMLUListElement>('[role="listbox"]');
    const status = field.querySelector<HTMLElement>('[data-place-status]');
    if (field.dataset.placeBound || !input || !list || !status) continue;
    field.dataset.placeBound = 'true';
    new PlaceCombobox(field, input, list, status);
  }
}
