// Every behaviour of the site: the selector that needs it and how to load it.
// Behaviours needed on every page are imported statically; the rest load as chunks where used.
import { start as startNavigation } from './navigation';

/** A behaviour module: start() runs once, bind(root) runs for each swapped-in element that needs it. */
export interface Behaviour {
  start?(): void;
  bind?(root: Element): void;
}

export interface BehaviourEntry {
  selector: string;
  load(): Promise<Behaviour>;
}

export const behaviours: BehaviourEntry[] = [
  { selector: 'body', load: async () => ({ start: startNavigation }) },
  { selector: '[data-link-block]', load: () => import('./link-block') },
  { selector: '.animated-label', load: () => import('./animated-label') },
  { selector: '[data-copy], [data-copy-target]', load: () => import('./clipboard') },
  { selector: 'form[data-ajax-form]', load: () => import('./forms') },
  { selector: '[data-culture-widget]', load: () => import('./culture') },
  { selector: '[data-consent-settings], [data-consent-form], script[data-consent-category]', load: () => import('./consent') },
];
