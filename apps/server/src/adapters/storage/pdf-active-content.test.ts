import { PDFDocument, PDFHexString, PDFName, type PDFRef, PDFString } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { type PdfRefusal, pdfActiveContent } from './pdf-active-content.ts';
import { pdfFile } from './test-documents.ts';

/** A one-page PDF written by a real PDF library, shaped by `addContent` before it is saved. */
async function writtenPdf(
  addContent: (document: PDFDocument) => void | Promise<void>,
  options: { useObjectStreams: boolean },
): Promise<Uint8Array> {
  const document = await PDFDocument.create({ updateMetadata: false });
  document.addPage([200, 200]);
  await addContent(document);
  return document.save({ useObjectStreams: options.useObjectStreams });
}

/** A dictionary kept as its own object, so a writer may put it in a compressed object stream. */
function indirect(document: PDFDocument, value: Record<string, unknown>): PDFRef {
  return document.context.register(document.context.obj(value as never));
}

/** An annotation on the first page, as a viewer would find it. */
function annotate(document: PDFDocument, annotation: Record<string, unknown>): void {
  const ref = indirect(document, { Type: 'Annot', Rect: [0, 0, 100, 100], ...annotation });
  document.getPage(0).node.set(PDFName.of('Annots'), document.context.obj([ref]));
}

/** Each kind of active content; `hiddenName` is what an object stream must hide from a byte scan. */
const activeContent: [string, PdfRefusal, string, (document: PDFDocument) => void | Promise<void>][] = [
  [
    'document JavaScript (the names tree)',
    'javascript',
    '/JavaScript',
    (document) => {
      const action = indirect(document, { S: 'JavaScript', JS: PDFString.of('app.alert("hi")') });
      const scripts = indirect(document, { Names: [PDFHexString.fromText('greet'), action] });
      document.catalog.set(PDFName.of('Names'), indirect(document, { JavaScript: scripts }));
    },
  ],
  [
    'an open action running JavaScript',
    'javascript',
    '/JS',
    (document) =>
      document.catalog.set(
        PDFName.of('OpenAction'),
        indirect(document, { S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
      ),
  ],
  [
    'a link launching a program',
    'launch_action',
    '/Launch',
    (document) => annotate(document, { Subtype: 'Link', A: { S: 'Launch', F: PDFString.of('calc.exe') } }),
  ],
  [
    'an open action visiting a web address',
    'automatic_action',
    '/URI',
    (document) =>
      document.catalog.set(
        PDFName.of('OpenAction'),
        indirect(document, { S: 'URI', URI: PDFString.of('https://example.invalid/') }),
      ),
  ],
  [
    'an action when the pointer enters a link',
    'automatic_action',
    '/AA',
    (document) =>
      annotate(document, { Subtype: 'Link', AA: { E: { S: 'URI', URI: PDFString.of('https://x.invalid/') } } }),
  ],
  [
    'a file attached to the document',
    'embedded_file',
    '/Filespec',
    (document) =>
      document.attach(Buffer.from('MZ not a document'), 'invoice.exe', { mimeType: 'application/x-msdownload' }),
  ],
  [
    'a file attachment annotation',
    'embedded_file',
    '/FileAttachment',
    (document) => {
      const file = document.context.register(document.context.flateStream('MZ not a document'));
      const spec = indirect(document, { Type: 'Filespec', F: PDFString.of('a.exe'), EF: { F: file } });
      annotate(document, { Subtype: 'FileAttachment', FS: spec });
    },
  ],
  [
    'an XFA form',
    'xfa_form',
    '/XFA',
    (document) =>
      document.catalog.set(
        PDFName.of('AcroForm'),
        indirect(document, {
          Fields: [],
          XFA: document.context.register(
            document.context.flateStream('<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"/>'),
          ),
        }),
      ),
  ],
  ['a rich media annotation', 'rich_media', '/RichMedia', (document) => annotate(document, { Subtype: 'RichMedia' })],
];

describe('pdfActiveContent', () => {
  it('finds nothing in a plain PDF, written by a library or by hand', async () => {
    expect(await pdfActiveContent(await writtenPdf(() => {}, { useObjectStreams: false }))).toBeNull();
    expect(await pdfActiveContent(await writtenPdf(() => {}, { useObjectStreams: true }))).toBeNull();
    expect(await pdfActiveContent(pdfFile())).toBeNull();
  });

  it('allows an open action that only opens at a page (what many writers emit)', async () => {
    const bytes = await writtenPdf(
      (document) =>
        document.catalog.set(PDFName.of('OpenAction'), document.context.obj([document.getPage(0).ref, 'Fit'])),
      { useObjectStreams: false },
    );
    expect(await pdfActiveContent(bytes)).toBeNull();
  });

  describe.each([
    ['in plain objects', false],
    ['hidden in compressed object streams', true],
  ])('%s', (_where, useObjectStreams) => {
    it.each(activeContent)('refuses %s', async (_name, refusal, hiddenName, addContent) => {
      const bytes = await writtenPdf(addContent, { useObjectStreams });
      // In an object stream the telling name is deflated: a scan of the bytes would not see it.
      expect(Buffer.from(bytes).includes(hiddenName)).toBe(!useObjectStreams);
      expect(await pdfActiveContent(bytes)).toBe(refusal);
    });
  });

  it('refuses what does not parse as a PDF', async () => {
    expect(await pdfActiveContent(Buffer.from('%PDF-1.7\n\u0000\u0001 not objects at all'))).toBe('unreadable');
    expect(await pdfActiveContent(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages'))).toBe('unreadable');
  });

  it('refuses an encrypted PDF, whose objects cannot be inspected', async () => {
    const encrypted = Buffer.from(
      pdfFile()
        .toString('latin1')
        .replace(
          'trailer << /Root 1 0 R >>',
          '4 0 obj << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >> endobj\ntrailer << /Root 1 0 R /Encrypt 4 0 R /ID [<01> <01>] >>',
        ),
      'latin1',
    );
    expect(await pdfActiveContent(encrypted)).toBe('encrypted');
  });
});
