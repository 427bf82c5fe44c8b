// The actions the generic confirmation page may post to: every route that links to it through
// views/partials/confirm/confirm-link.ejs, by its path below {app}/{culture}/. The confirmed form posts the
// visitor's CSRF token, so an address that is not one of these (another route, a query, another culture)
// gets no form at all: a crafted confirm link cannot make one click act on the visitor's own objects.
// A new confirm-link adds its route here (docs/furniture.md); its POST must take no field but the path.
import { ID_PATTERN } from '../shared/ids';

const id = ID_PATTERN.source.slice(1, -1);

/** Paths below {app}/{culture}/, whole (no query, no fragment). */
export const CONFIRMED_ACTIONS: readonly RegExp[] = [
  // Close a popup or banner for good (server/popups/routes.ts).
  new RegExp(`^popups/${id}/close$`),
  // Delete a saved address (server/account-pages/address-book-routes.ts).
  new RegExp(`^account/addresses/${id}/delete$`),
];

/** The action when it is one of CONFIRMED_ACTIONS in the page's own culture, else null. */
export function confirmedAction(action: unknown, { basePath, culture }: { basePath: string; culture: string }): string | null {
  if (typeof action !== 'string') return null;
  const prefix = `${basePath}/${culture}/`;
  if (!action.startsWith(prefix)) return null;
  const path = action.slice(prefix.length);
  return CONFIRMED_ACTIONS.some((pattern) => pattern.test(path)) ? action : null;
}
