// Cookie consent in the browser. The banner's and the settings form's buttons write the consent cookie
// here instead of posting (the same cookie the server's no-JS form sets), publish Manager:setCookieConsent,
// set window.consent, call the page's optional callbacks and run the tagged scripts of granted categories:
//   <script type="text/plain" data-consent-category="statistics" data-src="/static/js/…"></script>
// htmx (allowScriptTags: false) drops every <script> from swapped-in HTML, so content that may arrive by
// ajax navigation tags the script with a <template> instead, which survives the swap:
//   <template data-consent-category="statistics" data-src="/static/js/…"></template>
import { isModifiedClick, pageContext, request } from '../shell/api';
import {
  type ConsentChoices,
  type ConsentSettings,
  chooseConsent,
  consentCategories,
  grantedCategories,
  isConsentAction,
  isGranted,
} from '../../common/consent-settings';
import { currentStamp, readConsent, writeConsent } from './consent-cookie';

export { readConsent, writeConsent };

declare global {
  interface Window {
    /** The visitor's consent for the current stamp, once known (after a choice, or from the cookie on load). */
    consent?: ConsentSettings;
    /** Optional, defined by a page: runs after a choice that grants at least one category. */
    onConsentAccept?: (settings: ConsentSettings) => void;
    /** Optional, defined by a page: runs after a choice that denies every category. */
    onConsentDecline?: (settings: ConsentSettings) => void;
  }
}

export const CONSENT_EVENT = 'Manager:setCookieConsent';
const TAGGED_SCRIPT = 'script[type="text/plain"][data-consent-category][data-src], template[data-consent-category][data-src]';

function alreadyRunning(src: string): boolean {
  return Array.from(document.querySelectorAll<HTMLScriptElement>('script[data-consent-script]')).some((script) => script.src === src);
}

/** Inserts a real <script src> once for each tagged script in root whose category is granted. */
export function runGrantedScripts(root: ParentNode, settings: ConsentSettings): void {
  const tags = Array.from(root.querySelectorAll<HTMLElement>(TAGGED_SCRIPT));
  if (root instanceof HTMLElement && root.matches(TAGGED_SCRIPT)) tags.push(root);
  for (const tag of tags) {
    if (!isGranted(settings, tag.dataset.consentCategory ?? '')) continue;
    const src = new URL(tag.dataset.src!, document.baseURI).href;
    if (alreadyRunning(src)) continue;
    const script = document.createElement('script');
    script.src = src;
    script.dataset.consentScript = tag.dataset.consentCategory;
    document.head.append(script);
  }
}

function callPage(callback: ((settings: ConsentSettings) => void) | undefined, settings: ConsentSettings): void {
  try {
    callback?.(settings);
  } catch (error) {
    console.error(error);
  }
}

/** Shows the choice everywhere: ticks the forms' boxes and removes the banner. */
function reflectChoice(settings: ConsentSettings): void {
  for (const category of consentCategories) {
    const boxes = document.querySelectorAll<HTMLInputElement>(`form[data-consent-form] input[type="checkbox"][name="${category}"]`);
    boxes.forEach((box) => (box.checked = settings[category]));
  }
  document.querySelectorAll('[data-consent-banner]').forEach((banner) => banner.remove());
}

/** The status sentence is worded on the server: ask the consent widget again and take its sentence. */
async function refreshStatus(): Promise<void> {
  const sentences = document.querySelectorAll('[data-consent-status]');
  if (sentences.length === 0) return;
  const { basePath, culture } = pageContext();
  try {
    const html = await (await request(`${basePath}/${culture}/widget/consent`)).text();
    const fresh = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-consent-status]')?.textContent;
    if (fresh) sentences.forEach((sentence) => (sentence.textContent = fresh));
  } catch {
    // The shell has reported the failure; the sentence stays as it was until the next page.
  }
}

/** Stores a choice and acts on it at once, without a reload. */
export function applyConsent(settings: ConsentSettings): Promise<void> {
  writeConsent(settings);
  window.consent = settings;
  document.dispatchEvent(new CustomEvent<ConsentSettings>(CONSENT_EVENT, { detail: settings }));
  reflectChoice(settings);
  if (grantedCategories(settings).length === 0) callPage(window.onConsentDecline, settings);
  else {
    callPage(window.onConsentAccept, settings);
    runGrantedScripts(document, settings);
  }
  return refreshStatus();
}

function openDialog(dialog: HTMLDialogElement): void {
  if (dialog.hasAttribute('open')) return;
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

function closeDialog(dialog: HTMLDialogElement | null): void {
  if (!dialog) return;
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
}

function choicesOf(form: HTMLFormElement): ConsentChoices {
  const ticked = (category: string) => form.querySelector<HTMLInputElement>(`input[type="checkbox"][name="${category}"]`)?.checked === true;
  return Object.fromEntries(consentCategories.map((category) => [category, ticked(category)]));
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.matches('[data-consent-form]')) return;
  const action = event.submitter?.getAttribute('value');
  const stamp = currentStamp();
  // Without a stamp or a known button the form posts as it would without JavaScript.
  if (!stamp || !isConsentAction(action)) return;
  event.preventDefault();
  void applyConsent(chooseConsent(action, stamp, choicesOf(form)));
  closeDialog(form.closest('dialog'));
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-consent-dialog]');
  if (!target || !dialog) return;
  const opener = target.closest('a[data-consent-settings]');
  if (opener && !isModifiedClick(event)) {
    event.preventDefault();
    openDialog(dialog);
  } else if (target === dialog || (target.closest('[data-consent-close]') && dialog.contains(target))) {
    closeDialog(dialog);
  }
}

export function start(): void {
  document.addEventListener('submit', onSubmit);
  document.addEventListener('click', onClick);
  const settings = readConsent();
  if (settings) window.consent = settings;
}

/** On load and on every htmx swap: tagged scripts of categories the visitor granted earlier run now. */
export function bind(root: Element): void {
  const settings = readConsent();
  if (settings) runGrantedScripts(root, settings);
}
