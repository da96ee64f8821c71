import { IMAGE_JPEG_QUALITY, IMAGE_WIDTH_PX } from '../../../domain/constants';

function loadImage(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  return image.decode().then(
    () => {
      URL.revokeObjectURL(url);
      return image;
    },
    () => {
      URL.revokeObjectURL(url);
      throw new Error('This file is not an image the browser can read.');
    },
  );
}

/**
 * SPEC.md section 5: every product image is resized in the browser to 200 px wide (height in proportion)
 * and saved as JPEG quality 0.9, before it is uploaded as a data URL.
 */
export async function resizeImage(file: Blob, width = IMAGE_WIDTH_PX, quality = IMAGE_JPEG_QUALITY): Promise<string> {
  const image = await loadImage(file);
  const height = Math.max(1, Math.round((image.naturalHeight * width) / image.naturalWidth));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot resize images.');
  // JPEG has no transparency: transparent parts of a PNG become white, not black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
  return canvas.toDataURL('image/jpeg', quality);
}
