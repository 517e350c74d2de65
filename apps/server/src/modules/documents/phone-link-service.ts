/**
 * "Continue on your phone": a signed-in user makes a one-time link for one section (15 minutes);
 * the public /upload page on a phone uses it to authorise and complete one upload. The token is 256
 * random bits, given once (in the link and its QR code) and kept only as its SHA-256. The link is
 * used up by the completed upload; a retry before that supersedes the earlier upload, up to a cap.
 * The public calls are limited per client address on top of the general limit of public calls.
 */
import type { ResponseOf } from '@bank/contract/calls';
import type {
  createPhoneUploadLink,
  DocumentRef,
  KycSection,
  phoneAuthorizeUpload,
  phoneUploadInfo,
} from '@bank/contract/documents';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { AppDatabase, DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { publicBaseUrl } from '../../platform/public-url.ts';
import { qrCodeSvg } from '../../platform/qr-code.ts';
import { countHit, rateLimitedError } from '../../platform/rate-limit.ts';
import type { CallContext } from '../../platform/route.ts';
import { hashOfSecretToken, newSecretToken } from '../../platform/secret-tokens.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import {
  cancelPendingUploadsOfLink,
  countLinkAuthorization,
  findPhoneLinkByTokenHash,
  findUpload,
  insertPhoneLink,
  type PhoneLinkRow,
} from './queries.ts';
import { documentRules } from './rules.ts';
import { assertMayHandlePurpose, type DocumentOwnerPolicy, type DocumentService } from './service.ts';

export type PhoneLinkDependencies = {
  db: AppDatabase;
  config: Pick<Config, 'publicUrl'>;
  documents: DocumentService;
  storage: { deleteObject(key: string): Promise<void> };
  owner: DocumentOwnerPolicy;
};

/** The path of the public page a phone opens (SPEC.md section 2: /upload). */
const phoneUploadPagePath = '/upload';

const secondsMs = 1000;
const rateWindowSeconds = 60;

function linkError(kind: 'not_found' | 'illegal_state', messageKey: string, detail: string): AppError {
  return new AppError(kind, { messageKey: `kyc_email.messages.${messageKey}`, detail });
}

/** The link of a token while it can still be used; a clear refusal otherwise. */
async function usableLink(
  handle: DbHandle,
  token: string,
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<PhoneLinkRow> {
  const link = await findPhoneLinkByTokenHash(handle, hashOfSecretToken(token), options);
  if (!link) throw linkError('not_found', 'phone_link_invalid', 'unknown phone upload token');
  if (link.used_at) throw linkError('illegal_state', 'phone_link_used', `phone link ${link.id} already used`);
  if (now.getTime() >= link.expires_at.getTime()) {
    throw linkError('illegal_state', 'phone_link_expired', `phone link ${link.id} expired`);
  }
  return link;
}

async function limitPhoneCalls(db: DbHandle, context: CallContext): Promise<void> {
  const count = await countHit(db, `phone_upload:ip:${context.ip}`, rateWindowSeconds, context.now);
  if (count.hits > documentRules.phoneCallsPerMinute) {
    throw rateLimitedError(
      (count.windowEndsAt.getTime() - context.now.getTime()) / secondsMs,
      `${count.hits} phone upload calls this minute from ${context.ip}`,
    );
  }
}

async function createLink(
  dependencies: PhoneLinkDependencies,
  body: { section: KycSection },
  context: CallContext,
): Promise<ResponseOf<typeof createPhoneUploadLink>> {
  const { db, config, owner } = dependencies;
  const companyId = clientCompanyId(context);
  // The phone uploads a KYC section's documents: the permission of that purpose.
  assertMayHandlePurpose(context.session, 'kyc_document');
  const token = newSecretToken();
  const expiresAt = new Date(context.now.getTime() + documentRules.phoneLinkValiditySeconds * secondsMs);
  await db.transaction(async (tx) => {
    await owner.lockOpen(tx, companyId);
    const linkId = newId(context.now.getTime());
    await insertPhoneLink(tx, {
      id: linkId,
      company_id: companyId,
      section: body.section,
      token_hash: hashOfSecretToken(token),
      created_by: context.session.user_id,
      created_at: context.now,
      expires_at: expiresAt,
    });
    await writeAudit(tx, {
      action: 'kyc.phone_link_created',
      at: context.now,
      actorUserId: context.session.user_id,
      companyId,
      ip: context.ip,
      detail: { link_id: linkId, section: body.section },
    });
  });
  const base = publicBaseUrl(config, context);
  const url = `${base}${phoneUploadPagePath}?token=${encodeURIComponent(token)}`;
  return {
    url,
    expires_at: expiresAt.toISOString(),
    qr_svg: await qrCodeSvg(url),
  };
}

async function linkInfo(
  dependencies: PhoneLinkDependencies,
  body: { token: string },
  context: CallContext,
): Promise<ResponseOf<typeof phoneUploadInfo>> {
  const { db, owner } = dependencies;
  await limitPhoneCalls(db, context);
  const link = await usableLink(db, body.token, context.now);
  if (!(await owner.isOpen(db, link.company_id))) {
    throw linkError('illegal_state', 'not_editable', `company ${link.company_id} KYC not editable`);
  }
  return { section: link.section, expires_at: link.expires_at.toISOString() };
}

async function authorizeThroughLink(
  dependencies: PhoneLinkDependencies,
  body: z.output<(typeof phoneAuthorizeUpload)['request']>,
  context: CallContext,
): Promise<ResponseOf<typeof phoneAuthorizeUpload>> {
  const { db, documents, storage, owner } = dependencies;
  await limitPhoneCalls(db, context);
  const found = await usableLink(db, body.token, context.now);
  const superseded: string[] = [];
  const ticket = await db.transaction(async (tx) => {
    // Company first, then the link: the order every change of a company takes its locks in.
    await owner.lockOpen(tx, found.company_id);
    const link = await usableLink(tx, body.token, context.now, { forUpdate: true });
    if (link.authorize_count >= documentRules.phoneLinkMaxAuthorizations) {
      throw linkError('illegal_state', 'phone_link_attempts', `phone link ${link.id} tried too often`);
    }
    for (const cancelled of await cancelPendingUploadsOfLink(tx, link.id, context.now)) {
      superseded.push(cancelled.storage_key);
    }
    await countLinkAuthorization(tx, link.id);
    const urlExpiry = context.now.getTime() + documentRules.uploadValiditySeconds * secondsMs;
    return documents.authorizeInTransaction(tx, {
      companyId: link.company_id,
      section: link.section,
      kind: 'kyc_document',
      fileName: body.file_name,
      sizeBytes: body.size_bytes,
      createdBy: link.created_by,
      phoneLinkId: link.id,
      expiresAt: new Date(Math.min(urlExpiry, link.expires_at.getTime())),
      now: context.now,
    });
  });
  for (const key of superseded) await storage.deleteObject(key);
  return documents.deleteStaleObjects(ticket);
}

async function completeThroughLink(
  dependencies: PhoneLinkDependencies,
  body: { token: string; upload_id: string },
  context: CallContext,
): Promise<DocumentRef> {
  const { db, documents } = dependencies;
  await limitPhoneCalls(db, context);
  const link = await usableLink(db, body.token, context.now);
  const upload = isUuid(body.upload_id) ? await findUpload(db, body.upload_id) : undefined;
  // Only the upload this link authorised: the token is no key to any other upload.
  if (!upload || upload.phone_link_id !== link.id) {
    throw new AppError('not_found', { detail: `upload ${body.upload_id} is not of phone link ${link.id}` });
  }
  return documents.completeUpload(
    upload,
    { uploadedBy: link.created_by, ip: context.ip, phoneLinkId: link.id },
    context.now,
  );
}

export function createPhoneLinkService(dependencies: PhoneLinkDependencies) {
  return {
    create: (body: { section: KycSection }, context: CallContext) => createLink(dependencies, body, context),
    info: (body: { token: string }, context: CallContext) => linkInfo(dependencies, body, context),
    authorize: (body: z.output<(typeof phoneAuthorizeUpload)['request']>, context: CallContext) =>
      authorizeThroughLink(dependencies, body, context),
    complete: (body: { token: string; upload_id: string }, context: CallContext) =>
      completeThroughLink(dependencies, body, context),
  };
}
