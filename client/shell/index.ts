// The shell every page loads: htmx, the page loader and history, error mapping, and the behaviours.
import { startBehaviours } from '../behaviours';
import { startLinkHandling } from './clicks';
import { startHistory } from './history';
import { configureHtmx } from './htmx-setup';
import { announceLoaded, showInitialPage } from './lifecycle';
// Through the chunks' interface, so the bundler puts that interface in the shell's shared chunk.
import { navigate } from './api';
import { showAnchor } from './scroll';

function start(): void {
  configureHtmx();
  startHistory(
    (url, state) => void navigate(url.href, { push: false, disableCache: state.disableCache, scrollTop: state.scrollTop }),
    (hash) => void showAnchor(hash),
  );
  startLinkHandling();
  startBehaviours();
  showInitialPage();
  const region = document.getElementById('page');
  void showAnchor(location.hash);
  announceLoaded(location.href, region ?? document.body);
}

start();
