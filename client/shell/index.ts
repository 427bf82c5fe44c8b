// The shell every page loads: htmx, link handling and history, error mapping, and the behaviours.
// htmx starts here so it processes the page at once; the page loader itself loads on first use.
import 'htmx.org';
import { startBehaviours } from '../behaviours';
import { startLinkHandling } from './clicks';
import { startHistory } from './history';
import { configureHtmx } from './htmx-setup';
import { announceLoaded, showInitialPage } from './lifecycle';
import { navigateTo, startWarmingLoader } from './loader';
import { showAnchor, startMinimisedNavigation } from './scroll';

function start(): void {
  // Scripts run: the no-JS controls (update, apply) hide by CSS (html.js ...).
  document.documentElement.classList.add('js');
  configureHtmx();
  startHistory(
    (url, state) => void navigateTo(url.href, { push: false, disableCache: state.disableCache, scrollTop: state.scrollTop }),
    (hash) => void showAnchor(hash),
  );
  startLinkHandling();
  startWarmingLoader();
  startMinimisedNavigation();
  startBehaviours();
  showInitialPage();
  const region = document.getElementById('page');
  void showAnchor(location.hash);
  announceLoaded(location.href, region ?? document.body);
}

start();
