// The first paint: what every page runs before the visitor does anything (at most 4 KB gzip, checked
// by scripts/check-budget.mjs). It marks the page as scripted, binds the behaviours present (each a
// chunk of its own) and waits for the visitor's first intent to load htmx and the navigation
// (./loader.ts); until then every link and form is an ordinary one.
import { startBehaviours } from '../behaviours';
import { announceLoaded, showInitialPage } from './lifecycle';
import { startIntentLoading } from './loader';
import { showAnchor, startMinimisedNavigation } from './scroll';
import { startContactTracking } from './tracking';

function start(): void {
  // Scripts run: the no-JS controls (update, apply) hide by CSS (html.js ...).
  document.documentElement.classList.add('js');
  startIntentLoading();
  startContactTracking();
  startMinimisedNavigation();
  startBehaviours();
  showInitialPage();
  const region = document.getElementById('page');
  void showAnchor(location.hash);
  announceLoaded(location.href, region ?? document.body);
}

start();
