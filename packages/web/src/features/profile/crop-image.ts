import type { Area } from 'react-easy-crop';

/** Loads an image from an object or data URL. */
function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image'));
    image.src = src;
  });
}

/** The size of the box a width × height rectangle fills once turned by `degrees`. */
export function rotatedBox(width: number, height: number, degrees: number) {
  const r = (degrees * Math.PI) / 180;
  return {
    width: Math.abs(Math.cos(r) * width) + Math.abs(Math.sin(r) * height),
    height: Math.abs(Math.sin(r) * width) + Math.abs(Math.cos(r) * height),
  };
}

/**
 * Cuts `area` (pixels of the image turned by `rotation`, as react-easy-crop reports it) out of the
 * image and scales it to a `size` × `size` square.
 */
export async function cropToCanvas(src: string, area: Area, rotation: number, size: number) {
  const image = await loadImage(src);
  const box = rotatedBox(image.naturalWidth, image.naturalHeight, rotation);
  const turned = document.createElement('canvas');
  turned.width = Math.round(box.width);
  turned.height = Math.round(box.height);
  const tctx = turned.getContext('2d');
  if (!tctx) throw new Error('canvas');
  tctx.translate(turned.width / 2, turned.height / 2);
  tctx.rotate((rotation * Math.PI) / 180);
  tctx.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);

  const out = document.createElement('canvas');
  out.width = size;
  out.height = size;
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('canvas');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(turned, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return out;
}

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('png'))), 'image/png'),
  );
}
