/**
 * The company's KYC from the server: one query (getKycInfo) shared by the overview, the four steps
 * and the phone dialog's polling, so that each sees what the others loaded. Every answer refreshes
 * sessionStorage `kyc_status`, which the shell's KYC gate reads. Also the uploaders of the steps.
 */
import type { DocumentKind, DocumentRef, KycSection } from '@bank/contract/documents';
import { authorizeUpload, completeUpload } from '@bank/contract/documents';
import { getKycInfo, type KycInfo } from '@bank/contract/kyc';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { userInfoQueryKey } from '../../api/user-info.ts';
import { callApi } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { loadScreenData, queryKeyOf } from '../../lib/screen-query.ts';
import { writeSession } from '../../lib/session-storage.ts';
import { type DocumentUploader, uploadDocument } from '../../ui/upload-transport.ts';

export const kycInfoQueryKey = queryKeyOf(getKycInfo, {});

function remember(info: KycInfo): KycInfo {
  writeSession({ kycStatus: info.status });
  return info;
}

const kycInfoQuery = {
  queryKey: kycInfoQueryKey,
  queryFn: async ({ signal }: { signal: AbortSignal }) => remember(await loadScreenData(getKycInfo, {}, signal)),
};

/**
 * @param isReadOnOpen read from the server each time the page opens, even when a recent answer is
 *   cached: the overview, whose status (and the session's kyc_status) must be the server's.
 */
export function useKycInfo({ isReadOnOpen = false }: { isReadOnOpen?: boolean } = {}) {
  return useQuery({ ...kycInfoQuery, ...(isReadOnOpen ? { refetchOnMount: 'always' as const } : {}) });
}

/** Starts the KYC's load before a step page's code has arrived, into the query the page reads. */
export function prefetchKycInfo() {
  return queryClient.prefetchQuery(kycInfoQuery);
}

/**
 * One quiet getKycInfo while a dialog waits for a phone's upload: no notification when it fails
 * (it is tried again in a few seconds), and its answer updates the page's own query.
 */
export async function pollKycInfo(queryClient: QueryClient, signal: AbortSignal): Promise<KycInfo> {
  const info = remember(await callApi(getKycInfo, {}, { isSilent: true, signal }));
  queryClient.setQueryData(kycInfoQueryKey, info);
  return info;
}

/** After a save or a submission: the KYC and the user (whose kyc_status the gate follows) are read again. */
export async function refreshKyc(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: kycInfoQueryKey }),
    queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
  ]);
}

/** Uploads of a section by the signed-in user: KYC documents, or drawn signatures. */
export function kycUploader(section: KycSection, kind: DocumentKind = 'kyc_document'): DocumentUploader {
  return {
    authorize: (request, signal) => callApi(authorizeUpload, { section, kind, ...request }, { signal }),
    complete: (uploadId, signal) => callApi(completeUpload, { upload_id: uploadId }, { signal }),
  };
}

/** Stores a drawn signature (a PNG) as a document of kind `signature`. */
export function uploadSignature(section: KycSection, png: Blob): Promise<DocumentRef> {
  const file = new File([png], 'signature.png', { type: 'image/png' });
  return uploadDocument(
    file,
    'image/png',
    kycUploader(section, 'signature'),
    () => undefined,
    new AbortController().signal,
  );
}
