import sharp from 'sharp';
import type { TestClient } from '../build-test-app.ts';

export type UploadPart = { filename: string; bytes: Buffer; contentType?: string; field?: string };

/** A multipart/form-data body with one file part per entry, built byte by byte as a browser sends it. */
export function multipartBody(parts: UploadPart[]) {
  const boundary = '----recytrade-test-boundary';
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    part.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/listings/images with the given file parts. */
export async function uploadParts(
  client: TestClient,
  parts: UploadPart[],
  headers: Record<string, string> = {},
) {
  const body = multipartBody(parts);
  return client.request({
    method: 'POST',
    url: '/api/listings/images',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

/** A small valid PNG (40 × 30). */
export const smallPng = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * A PNG of a few hundred bytes whose header declares `width` × `height` pixels (a decompression bomb's
 * shape): a small PNG with its IHDR dimensions rewritten and the chunk's CRC recomputed.
 */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await smallPng());
  // Signature (8), IHDR length (4), then "IHDR" at 12, width at 16, height at 20, CRC at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
