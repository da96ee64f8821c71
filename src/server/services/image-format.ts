/** What the bytes of an uploaded image really are, read from their headers (no decoding, no dependency). */
export type ImageFormat = { mime: 'image/jpeg' | 'image/png' | 'image/webp'; ext: 'jpg' | 'png' | 'webp' };
export type ImageInfo = ImageFormat & { width: number; height: number };

const JPEG: ImageFormat = { mime: 'image/jpeg', ext: 'jpg' };
const PNG: ImageFormat = { mime: 'image/png', ext: 'png' };
const WEBP: ImageFormat = { mime: 'image/webp', ext: 'webp' };
export const IMAGE_FORMATS = [JPEG, PNG, WEBP] as const;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/** The format by magic bytes, or null when the bytes are none of JPEG, PNG, WebP. */
export function sniffFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(bytes, PNG_SIGNATURE)) return PNG;
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return WEBP;
  return null;
}

/** PNG: the first chunk is IHDR, holding width and height as big-endian 32-bit numbers. */
function pngSize(b: Buffer): [number, number] | null {
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null;
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

// SOF0..SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** JPEG: walk the marker segments up to the start-of-frame, which holds height then width. */
function jpegSize(b: Buffer): [number, number] | null {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RSTn; SOS or EOI before a frame header means there is none.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = b.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > b.length) return null;
      return [b.readUInt16BE(at + 7), b.readUInt16BE(at + 5)];
    }
    at += 2 + length;
  }
  return null;
}

/** WebP: a RIFF container whose first chunk is lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpSize(b: Buffer): [number, number] | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes), then the key-frame start code 9D 01 2A, then 14-bit sizes.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return [b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff];
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (chunk === 'VP8X') return [b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1];
  return null;
}

/** Format and pixel size, or null when the bytes are not a readable JPEG, PNG or WebP. */
export function readImageInfo(bytes: Uint8Array): ImageInfo | null {
  const format = sniffFormat(bytes);
  if (!format) return null;
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = format === PNG ? pngSize(b) : format === JPEG ? jpegSize(b) : webpSize(b);
  if (!size || size[0] <= 0 || size[1] <= 0) return null;
  return { ...format, width: size[0], height: size[1] };
}
