/**
 * Small real documents for the demo seed, made at start: a one-page PDF with a few lines of text
 * (what a scanned certificate stands in for) and a PNG of a drawn signature. Both pass the content
 * check like any upload.
 */
import { crc32, deflateSync } from 'node:zlib';

function pdfText(value: string): string {
  // Latin-1 text with the PDF string delimiters escaped.
  return value.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (character) => `\\${character}`);
}

/** A valid one-page A4 PDF 1.4 with a title and lines of Helvetica text, and a correct xref table. */
export function demoPdf(title: string, lines: readonly string[]): Buffer {
  const text = [
    'BT',
    '/F1 18 Tf',
    '56 780 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 11 Tf',
    '0 -32 Td',
    ...lines.flatMap((line) => [`(${pdfText(line)}) Tj`, '0 -18 Td']),
    'ET',
  ].join('\n');
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

/** A 320x100 greyscale PNG of a signature-like stroke; `seed` varies its shape between signatories. */
export function demoSignaturePng(seed: number): Buffer {
  const width = 320;
  const height = 100;
  const pixels = Buffer.alloc(height * (width + 1), 0xff);
  for (let row = 0; row < height; row += 1) pixels[row * (width + 1)] = 0; // filter byte: none
  const ink = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy += 1) {
      const row = Math.round(y) + dy;
      if (x < 0 || x >= width || row < 0 || row >= height) continue;
      pixels[row * (width + 1) + 1 + x] = 0x1a;
    }
  };
  for (let x = 20; x < 300; x += 1) {
    const y = 50 + 22 * Math.sin((x + seed * 13) / (14 + seed)) * Math.exp(-((x - 160) ** 2) / 18_000);
    ink(x, y);
  }
  for (let x = 40; x < 280; x += 1) ink(x, 78);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // colour type: greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
