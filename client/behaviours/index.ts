// Binds the behaviours on start and again on every htmx:load, so swapped-in HTML works the same.
// A behaviour with `on` loads at its first use instead: the page's first load carries only the shell.
import { loadChunk } from '../shell/chunks';
import { isModifiedClick } from '../shell/modified-click';
import { behaviours, type Behaviour, type BehaviourEntry } from './registry';

// Keyed by the loader, so two entries for one module (present here, used there) start it once.
const loaded = new Map<BehaviourEntry['load'], Promise<Behaviour>>();
// Started and arrived; a use while a behaviour is still arriving is held too, not let through.
const ready = new Set<BehaviourEntry['load']>();
// Failed to arrive: its elements keep their plain HTML behaviour (a link, a form post).
const failed = new Set<BehaviourEntry['load']>();
// A click or submit that arrives before its behaviour is stopped and replayed once it has loaded.
const REPLAYED = new Set(['click', 'submit']);

function load(entry: BehaviourEntry): Promise<Behaviour> {
  let behaviour = loaded.get(entry.load);
  if (!behaviour) {
    behaviour = loadChunk(() => entry.load()).then(
      (module) => {
        module.start?.();
        if (module.entries) addBehaviours(module.entries);
        ready.add(entry.load);
        return module;
      },
      (error: unknown) => {
        failed.add(entry.load);
        throw error;
      },
    );
    loaded.set(entry.load, behaviour);
  }
  return behaviour;
}

function needs(root: Element, selector: string): boolean {
  return root.closest(selector) !== null || root.querySelector(selector) !== null;
}

function bindEntry(entry: BehaviourEntry, root: Element): Promise<void> {
  return load(entry)
    .then((behaviour) => behaviour.bind?.(root))
    .catch((error: unknown) => console.error(error));
}

export function bindBehaviours(root: Element): Promise<void[]> {
  const bindings = behaviours
    .filter((entry) => (!entry.on || loaded.has(entry.load)) && needs(root, entry.selector))
    .map((entry) => bindEntry(entry, root));
  return Promise.all(bindings);
}

function replay(event: Event, element: Element): void {
  if (event.type === 'submit') (element as HTMLFormElement).requestSubmit((event as SubmitEvent).submitter);
  // Dispatched rather than click(): an SVG icon inside a button has no click(); a link or a label still
  // acts. Made from the held event, so its keys and button come along.
  else element.dispatchEvent(new MouseEvent('click', event as MouseEvent));
}

/** The element an event is about: its target, or for a page scroll (target: the document) the entry's element. */
function targetOf(event: Event, entry: BehaviourEntry): Element | null {
  if (event.target instanceof Element) return event.target.closest(entry.selector) && event.target;
  return event.type === 'scroll' ? document.querySelector(entry.selector) : null;
}

/**
 * Held until the behaviour arrives: a plain click or a submit. Not a ctrl/shift/middle click (the
 * browser's new tab or window must happen now), nor a click on a checkbox or its label (it ticks at
 * once; its behaviour catches up with the change when it binds).
 */
function isHeld(event: Event, target: Element): boolean {
  if (!REPLAYED.has(event.type) || (event instanceof MouseEvent && isModifiedClick(event))) return false;
  const control = target.closest('label')?.control ?? target;
  return !(control instanceof HTMLInputElement && control.type === 'checkbox');
}

function onFirstUse(entry: BehaviourEntry, event: Event): void {
  if (ready.has(entry.load) || failed.has(entry.load)) return;
  const target = targetOf(event, entry);
  if (!target) return;
  const replayed = isHeld(event, target);
  if (replayed) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
  if (!loaded.has(entry.load)) void bindEntry(entry, document.body);
  void load(entry).then(
    (behaviour) => (replayed ? replay(event, target) : catchUp(behaviour, event, target)),
    () => replayed && replay(event, target),
  );
}

/** A group that arrived at an event its members wait for: those members load as if they had seen it. */
function catchUp(group: Behaviour, event: Event, target: Element): void {
  for (const entry of group.entries ?? []) {
    const waiting = !loaded.has(entry.load) && entry.on?.includes(event.type);
    if (waiting && target.closest(entry.selector)) void bindEntry(entry, document.body);
  }
}

function listen(entry: BehaviourEntry): void {
  for (const type of entry.on ?? []) document.addEventListener(type, (event) => onFirstUse(entry, event), true);
}

/** A group's entries join the registry: each listens for its first use, or binds now where present. */
function addBehaviours(entries: BehaviourEntry[]): void {
  behaviours.push(...entries);
  entries.forEach(listen);
  for (const entry of entries) if (!entry.on && needs(document.body, entry.selector)) void bindEntry(entry, document.body);
}

export function startBehaviours(): void {
  behaviours.forEach(listen);
  void bindBehaviours(document.body);
  document.addEventListener('htmx:load', (event) => {
    if (event.target instanceof Element && event.target !== document.body) void bindBehaviours(event.target);
  });
}
