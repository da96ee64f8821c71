import zlib from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, decodable RGB PNG of the given size, every pixel of one colour. */
export function makePng(width: number, height: number, rgb: [number, number, number] = [200, 40, 40]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG whose header claims any size (the pixel data is a 1×1 image's): what a size check reads, cheap to make. */
export function pngClaiming(width: number, height: number): Buffer {
  const png = Buffer.from(makePng(1, 1));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
}

function segment(marker: number, data: number[]): number[] {
  const length = data.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...data];
}

/** A JPEG's header structure: SOI, APP0 (JFIF), a quantisation table, the frame header (SOF0 or another), EOI. */
export function makeJpegHeaders(width: number, height: number, sofMarker = 0xc0): Buffer {
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0, ...Array.from({ length: 64 }, () => 1)]),
    ...segment(0xc4, [0, ...Array.from({ length: 16 }, () => 0)]), // a DHT: in the SOF range but no frame size
    ...segment(sofMarker, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    0xff,
    0xd9,
  ]);
}

function riff(chunkType: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(20);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(12 + payload.length, 4);
  head.write('WEBP', 8, 'ascii');
  head.write(chunkType, 12, 'ascii');
  head.writeUInt32LE(payload.length, 16);
  return Buffer.concat([head, payload]);
}

/** WebP headers of each kind (lossy VP8, lossless VP8L, extended VP8X), enough for a size reader. */
export function makeWebpHeaders(kind: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Buffer {
  const payload = Buffer.alloc(16);
  if (kind === 'VP8 ') {
    payload.set([0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a], 0);
    payload.writeUInt16LE(width, 6);
    payload.writeUInt16LE(height, 8);
  } else if (kind === 'VP8L') {
    payload[0] = 0x2f;
    payload.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
  } else {
    payload.writeUIntLE(width - 1, 4, 3);
    payload.writeUIntLE(height - 1, 7, 3);
  }
  return riff(kind, payload);
}

export const dataUrl = (bytes: Buffer, mime = 'image/png') => `data:${mime};base64,${bytes.toString('base64')}`;
