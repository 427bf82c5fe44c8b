// Video blocks (views/partials/content/blocks/video.ejs): the poster links to the provider's page; with
// JavaScript a click opens the block's dialog, and only then, and only with marketing consent, the
// provider's player (youtube-nocookie or Vimeo with dnt) is put in it. Without consent the dialog says
// why, offers an explicit click-through (this video, this once) and links to the provider and the
// consent settings. Closing removes the player (it stops).
import { isModifiedClick } from '../shell/links';
import { readConsent } from './consent-cookie';

function player(frame: HTMLElement, url: string): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  iframe.src = url;
  iframe.title = frame.dataset.videoTitle ?? '';
  iframe.allow = 'autoplay; fullscreen; picture-in-picture';
  iframe.allowFullscreen = true;
  iframe.referrerPolicy = 'strict-origin-when-cross-origin';
  return iframe;
}

function openVideo(video: HTMLElement, clickedThrough = false): void {
  const dialog = video.querySelector<HTMLDialogElement>('[data-video-dialog]');
  const frame = dialog?.querySelector<HTMLElement>('[data-video-frame]');
  const consent = dialog?.querySelector<HTMLElement>('[data-video-consent]');
  if (!dialog || !frame || !consent) return;
  const allowed = clickedThrough || readConsent()?.marketing === true;
  frame.replaceChildren(...(allowed ? [player(frame, video.dataset.videoEmbed ?? '')] : []));
  frame.hidden = !allowed;
  consent.hidden = allowed;
  if (!dialog.open) dialog.showModal();
}

function onClick(event: MouseEvent): void {
  const target = event.target as Element | null;
  const dialog = target?.closest?.<HTMLDialogElement>('[data-video-dialog]');
  if (dialog && (target!.closest('[data-video-close], [data-consent-settings]') || target === dialog)) return dialog.close();
  if (dialog && target!.closest('[data-video-play-once]')) return openVideo(dialog.closest<HTMLElement>('[data-video]')!, true);
  const poster = target?.closest?.('[data-video-open]');
  const video = poster?.closest<HTMLElement>('[data-video]');
  if (!video || isModifiedClick(event)) return;
  event.preventDefault();
  openVideo(video);
}

export function start(): void {
  document.addEventListener('click', onClick);
  // Closed by the button, a click on the backdrop or Escape: the player goes, so the video stops.
  document.addEventListener('close', (event) => {
    if (event.target instanceof HTMLElement && event.target.matches('[data-video-dialog]')) event.target.querySelector('[data-video-frame]')?.replaceChildren();
  }, true);
}
