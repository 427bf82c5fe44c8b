// The crop modal (spec sections 5 and 9): cropperjs in a 568x400 display box, the aspect ratio fixed
// to the crop size, the box never smaller than the crop size in image pixels, rotation by 90 degrees
// left or right. Confirming hands back the box (rounded and clamped by the caller) and the rotation.
import Cropper from 'cropperjs';
import { useEffect, useRef, useState } from 'react';
import { text, type Texts } from './config';
import { Modal } from './modal';
import { rotatedSize, type CropBox, type Size } from './rules';

/** The crop display box (spec section 9). */
export const CROP_DISPLAY = { width: 568, height: 400 } as const;

export interface CropResult {
  box: CropBox;
  rotation: number;
  /** The crop drawn at the crop size: used when rotated, since the server's crop call has no rotation. */
  canvas(): HTMLCanvasElement;
}

/** The box may not go under the crop size in the image's own pixels (when the turned image allows it). */
function growToMinimum(instance: Cropper, image: Size, crop: Size): void {
  const data = instance.getData();
  const natural = rotatedSize(image, data.rotate ?? 0);
  if (data.width >= crop.width - 0.5 || natural.width < crop.width || natural.height < crop.height) return;
  instance.setData({ width: crop.width, height: crop.height });
}

interface CropModalProps {
  src: string;
  image: Size;
  crop: Size;
  texts: Texts;
  busy: boolean;
  onCancel(): void;
  onConfirm(result: CropResult): void;
}

export function CropModal({ src, image, crop, texts, busy, onCancel, onConfirm }: CropModalProps) {
  const imageElement = useRef<HTMLImageElement>(null);
  const cropper = useRef<Cropper | null>(null);
  const [rotation, setRotation] = useState(0);

  useEffect(() => {
    if (!imageElement.current) return undefined;
    const instance = new Cropper(imageElement.current, {
      aspectRatio: crop.width / crop.height,
      viewMode: 1,
      autoCropArea: 1,
      checkOrientation: false,
      rotatable: true,
      zoomable: false,
      minContainerWidth: CROP_DISPLAY.width,
      minContainerHeight: CROP_DISPLAY.height,
      // Once a drag ends (never from inside a crop event: setData fires one, which would call it again).
      cropend() {
        growToMinimum(instance, image, crop);
      },
    });
    cropper.current = instance;
    return () => {
      instance.destroy();
      cropper.current = null;
    };
  }, [src, image, crop]);

  const rotate = (degrees: number) => {
    if (!cropper.current) return;
    cropper.current.rotate(degrees);
    // Turned, the box was fitted to the turned image; turned back, it may have stayed that small.
    growToMinimum(cropper.current, image, crop);
    setRotation((current) => (((current + degrees) % 360) + 360) % 360);
  };

  const confirm = () => {
    const instance = cropper.current;
    if (!instance) return;
    const data = instance.getData();
    onConfirm({
      box: { x: data.x, y: data.y, width: data.width, height: data.height },
      rotation,
      canvas: () => instance.getCroppedCanvas({ width: crop.width, height: crop.height, imageSmoothingQuality: 'high' }),
    });
  };

  const footer = (
    <>
      <button type="button" className="button" onClick={() => rotate(-90)} disabled={busy} data-crop-rotate="left">{text(texts, 'RotateLeft')}</button>
      <button type="button" className="button" onClick={() => rotate(90)} disabled={busy} data-crop-rotate="right">{text(texts, 'RotateRight')}</button>
      <button type="button" className="button" onClick={onCancel} disabled={busy}>{text(texts, 'Cancel')}</button>
      <button type="button" className={`button button-primary${busy ? ' loading' : ''}`} onClick={confirm} disabled={busy} aria-busy={busy} data-crop-confirm>
        {text(texts, 'Crop')}
      </button>
    </>
  );

  return (
    <Modal title={text(texts, 'CropTitle')} closeLabel={text(texts, 'Close')} onClose={onCancel} footer={footer} className="asset-crop-modal">
      <p className="asset-crop-hint">{`${text(texts, 'CropHint')} ${crop.width} x ${crop.height} px`}</p>
      <div className="asset-crop-box" data-crop-box>
        <img ref={imageElement} src={src} alt="" />
      </div>
    </Modal>
  );
}
