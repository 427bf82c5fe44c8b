// Reading a chosen file in the browser: an image's pixels size and a data: address for the crop modal
// (the CSP takes data: images, not blob:), and the checks made before anything travels.
import { text, type Texts } from './config';
import { acceptsFile, withinMaxSize, type Size } from './rules';

export interface LoadedImage {
  src: string;
  size: Size;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(String(reader.result)));
    reader.addEventListener('error', () => reject(reader.error));
    reader.readAsDataURL(file);
  });
}

/** The image the file holds, or null when the browser cannot decode it as one ('encode correct image'). */
export async function loadImage(file: File): Promise<LoadedImage | null> {
  const src = await readAsDataUrl(file).catch(() => null);
  if (!src) return null;
  return new Promise((resolve) => {
    const image = new Image();
    image.addEventListener('load', () => resolve(image.naturalWidth > 0 ? { src, size: { width: image.naturalWidth, height: image.naturalHeight } } : null));
    image.addEventListener('error', () => resolve(null));
    image.src = src;
  });
}

/** The first reason to refuse a file before its upload (accepted types, max size), else null. */
export function fileProblem(file: File, accept: string, maxFileSize: number, texts: Texts): string | null {
  if (!acceptsFile(accept, file)) return `${text(texts, 'AcceptedTypes')} ${accept}`;
  if (!withinMaxSize(file.size, maxFileSize)) return text(texts, 'MaxSize').replace('{0}', String(maxFileSize));
  return null;
}

export function canvasBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas'))), type, 0.92));
}
