// The validation behaviour: jquery, jquery-validation and the shared rules, one chunk that loads at
// the first focus in or submit of a form holding declared fields (client/behaviours/registry.ts).
import $ from 'jquery';
import 'jquery-validation';
import { bindForms, registerMethods } from './adapter';

export function start(): void {
  registerMethods($);
}

export function bind(root: Element): void {
  bindForms($, root);
}
