import { describe, expect, it } from 'vitest';
import { readImageInfo, sniffFormat } from '../../src/server/services/image-format.js';
import { makeJpegHeaders, makePng, makeWebpHeaders } from '../support/images.js';

describe('image format reader', () => {
  it('reads a PNG size from IHDR', () => {
    expect(readImageInfo(makePng(3, 2))).toEqual({ mime: 'image/png', ext: 'png', width: 3, height: 2 });
    expect(readImageInfo(makePng(200, 150))).toMatchObject({ width: 200, height: 150 });
  });

  it('reads a JPEG size from the frame header, skipping segments before it', () => {
    expect(readImageInfo(makeJpegHeaders(200, 133))).toEqual({ mime: 'image/jpeg', ext: 'jpg', width: 200, height: 133 });
    // progressive (SOF2) and a size above 255 in both bytes
    expect(readImageInfo(makeJpegHeaders(1024, 768, 0xc2))).toMatchObject({ width: 1024, height: 768 });
  });

  it('reads lossy, lossless and extended WebP sizes', () => {
    expect(readImageInfo(makeWebpHeaders('VP8 ', 200, 120))).toEqual({ mime: 'image/webp', ext: 'webp', width: 200, height: 120 });
    expect(readImageInfo(makeWebpHeaders('VP8L', 321, 4000))).toMatchObject({ width: 321, height: 4000 });
    expect(readImageInfo(makeWebpHeaders('VP8X', 70000, 2))).toMatchObject({ width: 70000, height: 2 });
  });

  it('refuses other files, even when they start like an image', () => {
    expect(sniffFormat(Buffer.from('hello, I am a text file'))).toBeNull();
    expect(readImageInfo(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(readImageInfo(Buffer.alloc(0))).toBeNull();
    // a PNG cut off before its IHDR, a JPEG that ends before any frame header
    expect(readImageInfo(makePng(4, 4).subarray(0, 20))).toBeNull();
    expect(readImageInfo(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(readImageInfo(makeJpegHeaders(10, 10).subarray(0, 30))).toBeNull();
  });

  it('reads a JPEG whose frame header sits at the very end of the buffer', () => {
    const full = makeJpegHeaders(5, 7);
    expect(readImageInfo(full.subarray(0, full.length - 2))).toMatchObject({ width: 5, height: 7 });
  });

  it('works on a view into a larger buffer', () => {
    const png = makePng(9, 8);
    const padded = Buffer.concat([Buffer.from('xxxx'), png]).subarray(4);
    expect(readImageInfo(new Uint8Array(padded.buffer, padded.byteOffset, padded.byteLength))).toMatchObject({ width: 9, height: 8 });
  });
});
