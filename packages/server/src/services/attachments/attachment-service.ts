import { randomUUID } from 'node:crypto';
import {
  ATTACHMENT_ALREADY_COMPLETE_MESSAGE,
  ATTACHMENT_CHUNK_COUNT_MESSAGE,
  ATTACHMENT_CHUNK_LENGTH_MESSAGE,
  ATTACHMENT_CHUNK_ORDER_MESSAGE,
  ATTACHMENT_INCOMPLETE_MESSAGE,
  type AttachmentResponse,
  type AttachmentStorage,
  attachmentChunkCiphertextBytes,
  attachmentChunkCount,
  attachmentTooLargeMessage,
  attachmentTotalReachedMessage,
} from '@coffer/core';
import { attachmentStorageTotal } from '../../billing/attachment-storage.js';
import { AppError } from '../../errors/app-error.js';
import {
  type CallerAccess,
  notFound,
  requireRemovableAttachment,
  requireUploader,
  requireWritableSecret,
} from '../../policy/index.js';
import { presentAttachment } from '../../presenters/attachment-presenter.js';
import {
  type AttachmentRecord,
  appendAttachmentChunk,
  completeAttachment,
  deleteAttachment,
  findAttachment,
  insertAttachment,
  sumAttachmentBytes,
} from '../../repositories/attachment-repository.js';
import { lockOrganisationRow } from '../../repositories/organisation-repository.js';
import { findSecret, type SecretRecord } from '../../repositories/secret-repository.js';
import { auditByCaller } from '../caller-audit.js';
import { runChange } from '../organisation-change.js';
import { MARKED_SECRET_MESSAGE } from '../secrets/secret-revision-service.js';
import type { ServiceContext } from '../service-context.js';

/** What POST /api/v1/secrets/:secretId/attachments announces. */
export interface AttachmentStart {
  /** Plaintext bytes of the file. */
  size: number;
  chunk_count: number;
}

/**
 * Starts an upload: whoever may edit the secret (the rule of saving a revision; a secret marked
 * for deletion must be restored first). The file must be within ATTACHMENT_MAX_BYTES (413) and the
 * organisation's files, pending uploads included, within its total (400, as the other plan limits
 * answer); the count is taken under the organisation's row lock, so two uploads cannot both slip
 * under the total.
 */
export async function startAttachment(
  ctx: ServiceContext,
  caller: CallerAccess,
  secretId: string,
  start: AttachmentStart,
): Promise<AttachmentResponse> {
  const { db, config } = ctx;
  const organisationId = caller.organisation.id;
  const secret = requireWritableSecret(caller, await findSecret(db, organisationId, secretId));
  if (secret.deleted_at) throw AppError.conflict(MARKED_SECRET_MESSAGE);
  if (start.size > config.attachmentMaxBytes) {
    throw AppError.tooLarge(attachmentTooLargeMessage(config.attachmentMaxBytes));
  }
  if (start.chunk_count !== attachmentChunkCount(start.size)) {
    throw AppError.unprocessable(ATTACHMENT_CHUNK_COUNT_MESSAGE);
  }
  const attachment = await runChange(db, organisationId, async (trx) => {
    await lockOrganisationRow(trx, organisationId);
    const total = await attachmentStorageTotal(trx, config, organisationId);
    if ((await sumAttachmentBytes(trx, organisationId)) + start.size > total) {
      throw AppError.validation(attachmentTotalReachedMessage(total));
    }
    return insertAttachment(trx, {
      id: randomUUID(),
      organisationId,
      secretId: secret.id,
      createdBy: caller.user.id,
      size: start.size,
      chunkCount: start.chunk_count,
      createdAt: new Date().toISOString(),
    });
  });
  return { attachment: presentAttachment(attachment) };
}

/**
 * Stores chunk `index` of a pending upload: its uploader only, in order (409 otherwise), exactly
 * as long as its place in the file requires (422). Nothing is written when any check fails.
 */
export async function putAttachmentChunk(
  ctx: ServiceContext,
  caller: CallerAccess,
  attachmentId: string,
  index: number,
  data: Uint8Array,
): Promise<void> {
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const { attachment } = await requireOwnUpload(ctx, caller, attachmentId);
  if (index !== attachment.uploaded_chunks || index >= attachment.chunk_count) {
    throw AppError.conflict(ATTACHMENT_CHUNK_ORDER_MESSAGE);
  }
  if (data.byteLength !== attachmentChunkCiphertextBytes(attachment.size, index)) {
    throw AppError.unprocessable(ATTACHMENT_CHUNK_LENGTH_MESSAGE);
  }
  const stored = await runChange(db, organisationId, (trx) =>
    appendAttachmentChunk(trx, organisationId, attachmentId, index, data),
  );
  // Another request stored this index since the attachment was read, or the upload was removed.
  if (!stored) throw AppError.conflict(ATTACHMENT_CHUNK_ORDER_MESSAGE);
}

/** Ends an upload once every chunk is in (422 otherwise); the file is then listed in the audit log. */
export async function finishAttachment(
  ctx: ServiceContext,
  caller: CallerAccess,
  attachmentId: string,
): Promise<AttachmentResponse> {
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const { attachment, secret } = await requireOwnUpload(ctx, caller, attachmentId);
  if (attachment.uploaded_chunks !== attachment.chunk_count) {
    throw AppError.unprocessable(ATTACHMENT_INCOMPLETE_MESSAGE);
  }
  await runChange(db, organisationId, async (trx) => {
    // Removed meanwhile (its secret deleted, the sweeper, its uploader's DELETE).
    if (!(await completeAttachment(trx, organisationId, attachmentId))) throw notFound();
    await auditByCaller(trx, caller, `Added a file to secret ${secret.name}`, 'Secret', secret.id);
  });
  return { attachment: presentAttachment({ ...attachment, complete: true }) };
}

/**
 * Removes a file and its chunks: whoever may edit the secret, or the uploader of a pending one (a
 * failed upload's clean-up). Removing a complete file is audited; a failed upload is not a change.
 */
export async function removeAttachment(
  ctx: ServiceContext,
  caller: CallerAccess,
  attachmentId: string,
): Promise<void> {
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const attachment = await findAttachment(db, organisationId, attachmentId);
  if (!attachment) throw notFound();
  const secret = requireRemovableAttachment(
    caller,
    await findSecret(db, organisationId, attachment.secret_id),
    attachment,
  );
  await runChange(db, organisationId, async (trx) => {
    if (!(await deleteAttachment(trx, organisationId, attachmentId))) throw notFound();
    if (attachment.complete) {
      await auditByCaller(trx, caller, `Removed a file from secret ${secret.name}`, 'Secret', secret.id);
    }
  });
}

/** The organisation's file storage: bytes used (pending uploads included), its total, the file limit; any member. */
export async function showAttachmentStorage(
  ctx: ServiceContext,
  caller: CallerAccess,
): Promise<AttachmentStorage> {
  const organisationId = caller.organisation.id;
  const [used, total] = await Promise.all([
    sumAttachmentBytes(ctx.db, organisationId),
    attachmentStorageTotal(ctx.db, ctx.config, organisationId),
  ]);
  return { used, total, file_max: ctx.config.attachmentMaxBytes };
}

// The caller's own pending upload, while they may still edit its secret; a complete one is 409.
async function requireOwnUpload(
  ctx: ServiceContext,
  caller: CallerAccess,
  attachmentId: string,
): Promise<{ attachment: AttachmentRecord; secret: SecretRecord }> {
  const organisationId = caller.organisation.id;
  const attachment = await findAttachment(ctx.db, organisationId, attachmentId);
  if (!attachment) throw notFound();
  const secret = requireUploader(
    caller,
    await findSecret(ctx.db, organisationId, attachment.secret_id),
    attachment,
  );
  if (attachment.complete) throw AppError.conflict(ATTACHMENT_ALREADY_COMPLETE_MESSAGE);
  return { attachment, secret };
}
