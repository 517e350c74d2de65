/**
 * What a PDF would do on its own when opened: a KYC document is read by staff, so a
 * PDF that runs script, launches a program, acts on opening, or carries other files is refused.
 * The file is parsed with @cantoo/pdf-lib (the maintained fork of pdf-lib; pdfjs-dist needs Node
 * 22 and is a renderer), which expands compressed object streams, so nothing hides from a walk over
 * every object the file defines. Every object is visited, reachable or not: a PDF viewer repairs
 * broken files in ways this walk cannot predict, so an unreferenced script counts too.
 */
import type { PDFDict, PDFDocument, PDFObject } from '@cantoo/pdf-lib';

type PdfLib = typeof import('@cantoo/pdf-lib');

/** Loaded with the first PDF checked: importing it takes about half a second of every server start. */
let pdfLibLoaded: Promise<PdfLib> | undefined;

/** Why a PDF is refused; each has a message in the validation catalogue (validation.pdf_<reason>). */
export type PdfRefusal =
  | 'javascript'
  | 'launch_action'
  | 'automatic_action'
  | 'embedded_file'
  | 'xfa_form'
  | 'rich_media'
  | 'encrypted'
  | 'unreadable';

/** Action types (the /S of an action dictionary) that run code or leave the document. */
const refusedActionTypes: Readonly<Record<string, PdfRefusal>> = {
  JavaScript: 'javascript',
  Launch: 'launch_action',
  RichMediaExecute: 'rich_media',
};

/** Dictionary keys whose mere presence is active content, wherever they appear. */
const refusedKeys: Readonly<Record<string, PdfRefusal>> = {
  JS: 'javascript',
  JavaScript: 'javascript', // the document-level script name tree
  OpenAction: 'automatic_action',
  AA: 'automatic_action', // additional actions: on page open, on focus, on close...
  EmbeddedFiles: 'embedded_file',
  EF: 'embedded_file',
  XFA: 'xfa_form',
  RichMediaContent: 'rich_media',
  RichMediaSettings: 'rich_media',
};

/** Values of /Type or /Subtype that are active content by themselves. */
const refusedTypes: Readonly<Record<string, PdfRefusal>> = {
  EmbeddedFile: 'embedded_file',
  FileAttachment: 'embedded_file',
  RichMedia: 'rich_media',
  Screen: 'rich_media',
  Movie: 'rich_media',
  Sound: 'rich_media',
  '3D': 'rich_media',
};

function nameText(pdf: PdfLib, object: PDFObject | undefined): string | null {
  return object instanceof pdf.PDFName ? object.decodeText() : null;
}

/** Reasons in the order a user is told them: what runs code first, a mere open action last. */
const refusalPriority: readonly PdfRefusal[] = [
  'javascript',
  'launch_action',
  'embedded_file',
  'xfa_form',
  'rich_media',
  'automatic_action',
];

/** Adds the active content of one dictionary to `found`, looking only at its own entries. */
function collectFromDict(pdf: PdfLib, dict: PDFDict, found: Set<PdfRefusal>): void {
  for (const [key, value] of dict.entries()) {
    const keyText = key.decodeText();
    // An open action that is only a destination (open at page N) is what many writers emit.
    if (keyText === 'OpenAction' && value instanceof pdf.PDFArray) continue;
    const byKey = refusedKeys[keyText];
    if (byKey) found.add(byKey);
    const valueText = nameText(pdf, value);
    if (valueText === null) continue;
    const byAction = keyText === 'S' ? refusedActionTypes[valueText] : undefined;
    if (byAction) found.add(byAction);
    const byType = keyText === 'Type' || keyText === 'Subtype' ? refusedTypes[valueText] : undefined;
    if (byType) found.add(byType);
  }
}

/** Walks an object and the direct objects inside it (references are visited on their own). */
function collectWithin(pdf: PdfLib, object: PDFObject, found: Set<PdfRefusal>): void {
  const pending: PDFObject[] = [object];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const dict = next instanceof pdf.PDFStream ? next.dict : next instanceof pdf.PDFDict ? next : null;
    if (dict) {
      collectFromDict(pdf, dict, found);
      pending.push(...dict.values());
    } else if (next instanceof pdf.PDFArray) {
      pending.push(...next.asArray());
    }
  }
}

/** Null for a PDF without active content; otherwise the gravest reason it is refused. */
export async function pdfActiveContent(bytes: Uint8Array): Promise<PdfRefusal | null> {
  pdfLibLoaded ??= import('@cantoo/pdf-lib');
  const pdf = await pdfLibLoaded;
  let document: PDFDocument;
  try {
    document = await pdf.PDFDocument.load(bytes, {
      updateMetadata: false,
      preserveXFA: true,
      throwOnInvalidObject: true,
    });
  } catch (error) {
    return error instanceof pdf.EncryptedPDFError ? 'encrypted' : 'unreadable';
  }
  if (document.context.trailerInfo.Encrypt) return 'encrypted';
  const objects = document.context.enumerateIndirectObjects();
  if (objects.length === 0) return 'unreadable';
  const found = new Set<PdfRefusal>();
  for (const [, object] of objects) collectWithin(pdf, object, found);
  return refusalPriority.find((refusal) => found.has(refusal)) ?? null;
}
