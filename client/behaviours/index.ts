// Binds the behaviours on start and again on every htmx:load, so swapped-in HTML works the same.
import { loadChunk } from '../shell/chunks';
import { behaviours, type Behaviour, type BehaviourEntry } from './registry';

const loaded = new Map<BehaviourEntry, Promise<Behaviour>>();

function load(entry: BehaviourEntry): Promise<Behaviour> {
  let behaviour = loaded.get(entry);
  if (!behaviour) {
    behaviour = loadChunk(() => entry.load()).then((module) => {
      module.start?.();
      return module;
    });
    loaded.set(entry, behaviour);
  }
  return behaviour;
}

function needs(root: Element, selector: string): boolean {
  return root.closest(selector) !== null || root.querySelector(selector) !== null;
}

export function bindBehaviours(root: Element): Promise<void[]> {
  const bindings = behaviours
    .filter((entry) => needs(root, entry.selector))
    .map((entry) => load(entry).then((behaviour) => behaviour.bind?.(root)).catch((error: unknown) => console.error(error)));
  return Promise.all(bindings);
}

export function startBehaviours(): void {
  void bindBehaviours(document.body);
  document.addEventListener('htmx:load', (event) => {
    if (event.target instanceof Element && event.target !== document.body) void bindBehaviours(event.target);
  });
}
