// The quantity input (section 5): plus and minus step within min-qty/max-qty, typing is rounded to a
// step multiple and clamped 600 ms after the last key, minus is disabled at the floor (plus at the
// ceiling), and only a valid value is passed on, as a bubbling 'quantity:change' event.
import {
  atCeiling,
  atFloor,
  correctQuantity,
  isValidQuantity,
  QUANTITY_CORRECTION_DELAY_MS,
  type QuantityRules,
  quantityRules,
  stepQuantity,
} from '../../common/quantity';

const BOX = '[data-quantity]';
const timers = new WeakMap<HTMLInputElement, ReturnType<typeof setTimeout>>();

function parts(box: HTMLElement) {
  return {
    input: box.querySelector<HTMLInputElement>('[data-quantity-value]'),
    minus: box.querySelector<HTMLButtonElement>('[data-quantity-minus]'),
    plus: box.querySelector<HTMLButtonElement>('[data-quantity-plus]'),
    rules: quantityRules({ minQty: box.dataset.minQty, maxQty: box.dataset.maxQty, stepQty: box.dataset.stepQty }),
  };
}

function updateButtons(box: HTMLElement): void {
  const { input, minus, plus, rules } = parts(box);
  if (!input) return;
  if (minus) minus.disabled = atFloor(input.value, rules);
  if (plus) plus.disabled = atCeiling(input.value, rules);
}

function propagate(input: HTMLInputElement, rules: QuantityRules): void {
  if (isValidQuantity(input.value, rules)) input.dispatchEvent(new CustomEvent('quantity:change', { bubbles: true, detail: { quantity: Number(input.value) } }));
}

/** Sets the input to its corrected value; a change is passed on. */
export function correct(box: HTMLElement): void {
  const { input, rules } = parts(box);
  if (!input) return;
  const corrected = String(correctQuantity(input.value, rules));
  if (corrected !== input.value) {
    input.value = corrected;
    propagate(input, rules);
  }
  updateButtons(box);
}

function scheduleCorrection(box: HTMLElement, input: HTMLInputElement): void {
  clearTimeout(timers.get(input));
  timers.set(input, setTimeout(() => correct(box), QUANTITY_CORRECTION_DELAY_MS));
}

function onTyping(event: Event): void {
  const input = event.target as HTMLInputElement;
  const box = input.closest?.<HTMLElement>(BOX);
  if (!box || !input.matches('[data-quantity-value]')) return;
  const { rules } = parts(box);
  updateButtons(box);
  if (event.type === 'input') propagate(input, rules);
  scheduleCorrection(box, input);
}

function onClick(event: MouseEvent): void {
  const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('[data-quantity-minus], [data-quantity-plus]');
  const box = button?.closest<HTMLElement>(BOX);
  if (!button || !box) return;
  // Without JS these buttons submit the form with QuantityStep; here they step in place.
  event.preventDefault();
  const { input, rules } = parts(box);
  if (!input || button.disabled) return;
  input.value = String(stepQuantity(input.value, rules, button.matches('[data-quantity-minus]') ? -1 : 1));
  updateButtons(box);
  propagate(input, rules);
}

export function start(): void {
  document.addEventListener('click', onClick);
  document.addEventListener('input', onTyping);
}

/** Typing that came before this code arrived is corrected too. */
export function bind(root: Element): void {
  const boxes = root.matches(BOX) ? [root as HTMLElement] : Array.from(root.querySelectorAll<HTMLElement>(BOX));
  for (const box of boxes) {
    const { input } = parts(box);
    if (input) scheduleCorrection(box, input);
    updateButtons(box);
  }
}
