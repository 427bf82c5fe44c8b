// Its own module so the first paint (the behaviour registry) carries it without the link rules.

/** A click that asks for a new tab or window, or is not the main button: the browser's to handle. */
export function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
}
