/** @jest-environment jsdom */
// The asset widgets rendered by React in jsdom, without any call to the server: the spec's form fields
// (section 3), the order, removal, the required-file checkbox, the plain id field kept in step, and
// the refusals made before anything travels (a type off the file-type map, an empty name).
import { act, createElement, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Asset } from '../../../client/islands/asset-library/api';
import type { WidgetConfig } from '../../../client/islands/asset-library/config';
import { MultiWidget } from '../../../client/islands/asset-library/multi-widget';
import { SingleWidget } from '../../../client/islands/asset-library/single-widget';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const texts = { FileDeleted: 'Fichier supprimé', PutCorrectFile: 'Type refusé', NameRequired: 'Nom obligatoire', ErrorTitle: 'Erreur', Close: 'Fermer' };
const asset = (id: number, name: string): Asset => ({ guid: String(id), AssetId: id, name, Name: name, Uri: `/assets/file/${id}/${name}`, thumbnail_url: `/assets/${id}/80x80/${name}`, Width: 800, Height: 600, fileType: 'Image', size: 1000 });

function config(overrides: Partial<WidgetConfig>): WidgetConfig {
  return { kind: 'multiple', id: 'Gallery', assetId: null, assetIds: [], assets: [], accept: '', maxFileSize: 0, crop: null, fileTypes: { image: true }, required: true, folderId: null, texts, ...overrides };
}

let root: Root;
let container: HTMLElement;
let plain: HTMLInputElement;

function render(element: ReactElement): void {
  act(() => root.render(element));
}

const value = (name: string) => container.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value;
const click = (selector: string, index = 0) => act(() => container.querySelectorAll<HTMLElement>(selector)[index].click());
const errorText = () => document.querySelector('[data-asset-error]')?.textContent;

beforeEach(() => {
  document.body.innerHTML = '<form><input name="Gallery" value=""><div id="widget"></div></form>';
  plain = document.querySelector('input[name="Gallery"]')!;
  container = document.getElementById('widget')!;
  root = createRoot(container);
});

afterEach(() => act(() => root.unmount()));

describe('multi-file widget', () => {
  it('names its fields as the spec does and keeps the order and the plain field in step', () => {
    render(createElement(MultiWidget, { config: config({ assets: [asset(4, 'a.jpg'), asset(9, 'b.jpg')] }), input: plain }));
    expect(value('list-assets-orders-Gallery')).toBe('4,9');
    expect(value('AssetsLoaded-Gallery')).toBe('true');
    expect([value('asset-4'), value('asset-4-name'), value('asset-9'), value('asset-9-name')]).toEqual(['4', 'a.jpg', '9', 'b.jpg']);
    expect(container.querySelector<HTMLInputElement>('[name="file-upload-required-Gallery"]')!.checked).toBe(true);
    expect(plain.value).toBe('4,9');

    click('[data-asset-down]', 0);
    expect(value('list-assets-orders-Gallery')).toBe('9,4');
    expect(plain.value).toBe('9,4');
    click('[data-asset-up]', 1);
    expect(value('list-assets-orders-Gallery')).toBe('4,9');
  });

  it('removes assets, unticks the required-file checkbox with the last one and says so', () => {
    render(createElement(MultiWidget, { config: config({ assets: [asset(4, 'a.jpg')] }), input: plain }));
    click('[data-asset-remove]');
    expect(value('list-assets-orders-Gallery')).toBe('');
    expect(container.querySelector<HTMLInputElement>('[name="file-upload-required-Gallery"]')!.checked).toBe(false);
    expect(container.querySelector('[data-asset-notice]')!.textContent).toBe('Fichier supprimé');
    expect(plain.value).toBe('');
  });

  it('refuses a file whose type the map does not enable, and an empty name, before any call', () => {
    const fetchSpy = jest.fn();
    globalThis.fetch = fetchSpy;
    render(createElement(MultiWidget, { config: config({ assets: [asset(4, 'a.jpg')] }), input: plain }));
    const chooser = container.querySelector<HTMLInputElement>('[data-asset-file]')!;
    Object.defineProperty(chooser, 'files', { value: [new File(['%PDF-1.4'], 'notice.pdf', { type: 'application/pdf' })], configurable: true });
    act(() => chooser.dispatchEvent(new Event('change', { bubbles: true })));
    expect(errorText()).toBe('Type refusé');
    expect(document.querySelector('.asset-error-modal .modal-title')!.textContent).toBe('notice.pdf');
    act(() => document.querySelector<HTMLElement>('.asset-error-modal .modal-footer button')!.click());
    expect(errorText()).toBeUndefined();

    const name = container.querySelector<HTMLInputElement>('[name="asset-4-name"]')!;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    act(() => {
      setter.call(name, '   ');
      name.dispatchEvent(new Event('input', { bubbles: true }));
    });
    click('[data-asset-rename]');
    expect(errorText()).toBe('Nom obligatoire');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('single file widget', () => {
  it('names its fields as the spec does; removing empties them and the plain field', () => {
    plain.value = '4';
    render(createElement(SingleWidget, { config: config({ kind: 'image', id: 'Picture', assets: [asset(4, 'a.jpg')] }), input: plain }));
    expect([value('AssetId-Picture'), value('AssetName-Picture'), value('AssetLoadedPicture'), value('asset-Picture-name'), value('asset-Picture-name-changed')]).toEqual(['4', 'a.jpg', 'true', 'a.jpg', 'false']);
    expect(container.querySelector<HTMLInputElement>('[name="file-upload-required-Picture"]')!.checked).toBe(true);
    click('[data-asset-remove]');
    expect([value('AssetId-Picture'), value('AssetLoadedPicture')]).toEqual(['', 'false']);
    expect(container.querySelector<HTMLInputElement>('[name="file-upload-required-Picture"]')!.checked).toBe(false);
    expect(plain.value).toBe('');
  });
});
