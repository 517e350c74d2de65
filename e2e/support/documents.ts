/**
 * Small, real documents for the upload journeys, made in the test: a one-page PDF with a correct
 * cross-reference table and a PNG (zlib-compressed pixels, CRC-checked chunks), both of which pass
 * the browser's and the server's content checks; and what must not: an HTML page.
 */
import { crc32, deflateSync } from 'node:zlib';

export type UploadFile = { name: string; mimeType: string; buffer: Buffer };

/** A valid one-page PDF 1.4 with one line of Helvetica text. */
export function minimalPdf(title: string): Buffer {
  const safe = title.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (character) => `\\${character}`);
  const text = `BT /F1 18 Tf 56 780 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}

/** A width x height RGB PNG: a light page with a dark band, like a photographed form. */
export function smallPng(width = 120, height = 80): Buffer {
  const rowBytes = width * 3 + 1;
  const pixels = Buffer.alloc(rowBytes * height, 0xf4);
  for (let row = 0; row < height; row += 1) {
    pixels[row * rowBytes] = 0; // filter byte: none
    if (row < height * 0.2 || row > height * 0.3) continue;
    for (let x = 0; x < width; x += 1) pixels.fill(0x1d, row * rowBytes + 1 + x * 3, row * rowBytes + 4 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export function pdfFile(name: string): UploadFile {
  return { name, mimeType: 'application/pdf', buffer: minimalPdf(name) };
}

export function pngFile(name: string): UploadFile {
  return { name, mimeType: 'image/png', buffer: smallPng() };
}

/** An HTML page given a PNG's name and type: only its content tells what it is. */
export function htmlNamedPng(name: string): UploadFile {
  return {
    name,
    mimeType: 'image/png',
    buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>\n', 'utf8'),
  };
}
