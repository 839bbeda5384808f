import { describe, expect, it } from 'vitest';
import { gifWithFrame, jpegDeclaring, pngBytes, pngDeclaring, webpDeclaring } from '../test/questionFixtures';
import { imageSize } from './image-size';

describe('imageSize', () => {
  it('reads the size a PNG, JPEG, GIF or WebP declares', () => {
    expect(imageSize(pngBytes(60, 40), 'image/png')).toEqual({ width: 60, height: 40 });
    expect(imageSize(pngDeclaring(60000, 60000), 'image/png')).toEqual({ width: 60000, height: 60000 });
    expect(imageSize(jpegDeclaring(8000, 5000), 'image/jpeg')).toEqual({ width: 8000, height: 5000 });
    expect(imageSize(webpDeclaring(16383, 16383), 'image/webp')).toEqual({ width: 16383, height: 16383 });
  });

  it("takes a GIF's frame reaching beyond its logical screen", () => {
    expect(imageSize(gifWithFrame(65535, 65535), 'image/gif')).toEqual({ width: 65535, height: 65535 });
    expect(imageSize(Buffer.from('GIF89a\x02\x00\x03\x00\x00\x00\x00;', 'latin1'), 'image/gif')).toEqual({
      width: 2,
      height: 3,
    });
  });

  it('answers null for headers cut short, and never reads past the end', () => {
    expect(imageSize(pngBytes().subarray(0, 20), 'image/png')).toBeNull();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a]), 'image/jpeg')).toBeNull();
    expect(
      imageSize(Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ')]), 'image/webp'),
    ).toBeNull();
  });
});
