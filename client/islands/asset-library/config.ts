// A widget's settings, read from the data attributes the server renders (spec section 3: unique-id,
// asset-id, assets, accept, multiple, max-file-size, crop, file-type) and its texts (data-texts, a
// JSON map of the locale texts: the bundle holds none).
import type { Asset } from './api';
import { parseCrop, parseFileTypes, type Size } from './rules';

export type Texts = Record<string, string>;

export interface WidgetConfig {
  kind: 'image' | 'file' | 'multiple';
  id: string;
  assetId: number | null;
  /** The multi-file widget's asset-id: the ids in order, comma separated. */
  assetIds: number[];
  assets: Asset[];
  accept: string;
  maxFileSize: number;
  crop: Size | null;
  fileTypes: Record<string, boolean>;
  required: boolean;
  folderId: number | null;
  texts: Texts;
  /** The file chooser's id: the field's label names it once the plain id input is hidden. */
  fileInputId?: string;
}

function json<Value>(value: string | undefined, fallback: Value): Value {
  try {
    return value ? (JSON.parse(value) as Value) : fallback;
  } catch {
    return fallback;
  }
}

const positive = (value: string | undefined) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
};

export function widgetConfig(element: HTMLElement): WidgetConfig {
  const data = element.dataset;
  const multiple = data.multiple === 'true';
  const assets = json<unknown>(data.assets, []);
  return {
    kind: multiple ? 'multiple' : data.assetWidget === 'image' ? 'image' : 'file',
    id: data.uniqueId ?? '',
    assetId: positive(data.assetId),
    assetIds: (data.assetId ?? '').split(',').map((id) => positive(id.trim())).filter((id): id is number => id !== null),
    assets: Array.isArray(assets) ? (assets as Asset[]) : [],
    accept: data.accept ?? '',
    maxFileSize: positive(data.maxFileSize) ?? 0,
    crop: parseCrop(data.crop),
    fileTypes: parseFileTypes(data.fileType),
    required: data.required === 'true',
    folderId: positive(data.folderId),
    texts: json<Texts>(data.texts, {}),
  };
}

/** A text by key: the key itself when the server sent none (as the shell's localisation does). */
export function text(texts: Texts, key: string): string {
  return texts[key] ?? key;
}
