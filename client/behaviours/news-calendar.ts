// The news calendar (000 sections 2, 7, 8): the previous / next month links and the month form load the
// calendar fragment of that month in place; a day link loads that day's newslist into the results box.
// Without JS the same links and form load the news page or the day's page. A failed load shows the
// inline alert with the generic error text (data-error-text), never a modal.
import { htmx, isModifiedClick, request } from '../shell/api';

const CALENDAR = '[data-news-calendar]';
// Failures are shown inline here; the shell's modal is for everything else.
const HANDLED = [400, 401, 403, 404, 409, 429, 500, 502, 503, 504];

function alertIn(calendar: HTMLElement): void {
  const results = calendar.querySelector<HTMLElement>('.news-calendar-results');
  if (!results) return;
  const alert = document.createElement('p');
  alert.className = 'alert alert-error';
  alert.setAttribute('role', 'alert');
  alert.textContent = calendar.dataset.errorText ?? '';
  results.replaceChildren(alert);
}

async function load(calendar: HTMLElement, url: string, into: 'calendar' | 'results', focus?: string): Promise<void> {
  calendar.setAttribute('aria-busy', 'true');
  try {
    const response = await request(url, { expectedStatuses: HANDLED });
    if (!response.ok) return alertIn(calendar);
    const html = await response.text();
    if (into === 'results') {
      htmx.swap(calendar.querySelector('.news-calendar-results')!, html, { swapStyle: 'innerHTML', swapDelay: 0, settleDelay: 0 });
      return;
    }
    const id = calendar.id;
    htmx.swap(calendar, html, { swapStyle: 'outerHTML', swapDelay: 0, settleDelay: 0 });
    // Keyboard users stay on the control they used, in the new month.
    if (focus) document.getElementById(id)?.querySelector<HTMLElement>(focus)?.focus();
  } catch {
    alertIn(calendar);
  } finally {
    calendar.removeAttribute('aria-busy');
  }
}

function onClick(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-news-month], a[data-news-day]');
  const calendar = link?.closest<HTMLElement>(CALENDAR);
  if (!link || !calendar || isModifiedClick(event)) return;
  event.preventDefault();
  event.stopPropagation();
  if (link.dataset.newsDay) {
    calendar.querySelectorAll('[data-news-day][aria-pressed]').forEach((day) => day.removeAttribute('aria-pressed'));
    void load(calendar, link.dataset.newsDay, 'results');
    return;
  }
  const steps = Array.from(calendar.querySelectorAll('a[data-news-month]'));
  void load(calendar, link.dataset.newsMonth ?? link.href, 'calendar', `a[data-news-month]:nth-of-type(${steps.indexOf(link) + 1})`);
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target as HTMLFormElement;
  const calendar = form.closest<HTMLElement>(CALENDAR);
  if (!calendar || !form.matches('[data-news-month-form]')) return;
  event.preventDefault();
  event.stopPropagation();
  const data = new FormData(form);
  const url = (calendar.dataset.widgetUrl ?? '').replace('{month}', String(data.get('month'))).replace('{year}', String(data.get('year')));
  void load(calendar, url, 'calendar', 'select[name="month"]');
}

export function start(): void {
  // Capture: before the shell's link and form handling, which would load the news page instead.
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
}
