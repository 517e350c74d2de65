/**
 * Documents that reach a section from elsewhere while its step is open (a phone's upload through
 * the one-time link, which the server adds to the section's draft): the step's form takes each in
 * once. A document the user removed from the form is not brought back.
 */
import type { DocumentRef, KycSection } from '@bank/contract/documents';
import type { KycInfo } from '@bank/contract/kyc';
import { useEffect, useRef } from 'react';

export function useArrivingDocuments(
  info: KycInfo,
  section: KycSection,
  savedIds: readonly string[],
  onArrive: (document: DocumentRef, isAlreadySaved: boolean) => void,
) {
  const seen = useRef<Set<string> | null>(null);
  if (seen.current === null)
    seen.current = new Set(
      info.documents.filter((document) => document.section === section).map((document) => document.document_id),
    );
  const onArriveRef = useRef(onArrive);
  onArriveRef.current = onArrive;

  useEffect(() => {
    const known = seen.current;
    if (!known) return;
    for (const document of info.documents) {
      if (document.section !== section || known.has(document.document_id)) continue;
      known.add(document.document_id);
      onArriveRef.current(document, savedIds.includes(document.document_id));
    }
  }, [info.documents, section, savedIds]);

  /** A document uploaded here is already in the form: it must not "arrive" again after a save. */
  return (documentId: string) => seen.current?.add(documentId);
}

/** The documents of a draft's ids, in their order; an id the answer does not describe still shows. */
export function documentsOf(info: KycInfo, ids: readonly string[], unknownName: string): DocumentRef[] {
  return ids.map(
    (id) =>
      info.documents.find((document) => document.document_id === id) ?? {
        document_id: id,
        file_name: unknownName,
        mime_type: 'application/pdf',
        size_bytes: 0,
        uploaded_at: '',
      },
  );
}
