// Localised strings for the client, fetched once per page load from the localization API.
import { pageContext } from './api';

type ResourceTree = { [key: string]: string | ResourceTree };

let resources: ResourceTree = {};
let loading: Promise<void> | undefined;

function resourcesUrl(): string {
  const { basePath, culture } = pageContext();
  return `${basePath}/api/v1/localization/${culture}/stringresources`;
}

async function fetchResources(): Promise<void> {
  try {
    const response = await fetch(resourcesUrl(), { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    resources = (await response.json()) as ResourceTree;
  } catch {
    console.warn('Error traduction API');
  }
}

export function loadStrings(): Promise<void> {
  loading ??= fetchResources();
  return loading;
}

export function t(key: string): string {
  let node: string | ResourceTree | undefined = resources;
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  return typeof node === 'string' ? node : key;
}

export async function translate(key: string): Promise<string> {
  await loadStrings();
  return t(key);
}

export function resetStringsForTests(): void {
  resources = {};
  loading = undefined;
}
