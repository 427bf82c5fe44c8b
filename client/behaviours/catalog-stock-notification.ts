// "Tell me when it is back": with JS the subscription page opens in a modal (its form then posts by
// ajax in place); without JS the link opens the page.
import { isModifiedClick } from '../shell/api';
import { openPageDialog } from '../shell/dialogs';

export function start(): void {
  // Capture, so the shell's link handling (on the way up) sees the click already taken.
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-stock-notification-link]');
      if (!link || isModifiedClick(event)) return;
      event.preventDefault();
      void openPageDialog(link.href);
    },
    true,
  );
}
