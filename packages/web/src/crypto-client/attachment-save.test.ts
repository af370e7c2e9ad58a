import { File as NodeFile } from 'node:buffer';
import type { AttachmentRef } from '@coffer/core';
import { ATTACHMENT_MAX_BYTES, attachmentTooLargeMessage } from '@coffer/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.js';
import { AttachmentError } from './attachment-error.js';
import { SavedWithoutFilesError, type SaveRevision, saveWithAttachments } from './attachment-save.js';
import type { EditTarget } from './save-secret.js';
import { serveAttachments } from './testing/attachment-server.js';

const SECRET_ID = '6f1c2a3b-4d5e-4f60-8a71-92b3c4d5e6f7';
const NEW_ID = '0c9d8e7f-6a5b-4c4d-9e3f-2a1b0c9d8e7f';
const KEY = 'ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=';

afterEach(() => {
  vi.unstubAllGlobals();
});

// jsdom's File cannot read its slices (no arrayBuffer()); Node's File can, as every browser's does.
function pending(localId: string, size = 10) {
  return {
    localId,
    file: new NodeFile([new Uint8Array(size)], `${localId}.txt`, { type: 'text/plain' }) as unknown as File,
  };
}

const saved = (id: string, size = 1): AttachmentRef => ({
  id,
  name: `${id}.pdf`,
  size,
  mediaType: '',
  key: KEY,
});

/** A save callback that records what each revision carried, answering as the crypto client does. */
function recordingSave(failWith?: unknown) {
  const revisions: Array<{ attachments: AttachmentRef[]; target: EditTarget | undefined }> = [];
  const save: SaveRevision = async (attachments, target) => {
    revisions.push({ attachments, target });
    if (failWith && (target !== undefined || revisions.length > 1)) throw failWith;
    return target ? { id: target.id, revision: target.baseRevision + 1 } : { id: NEW_ID, revision: 1 };
  };
  return { save, revisions };
}

describe('saving an edit with files', () => {
  const target = { id: SECRET_ID, baseRevision: 4 };

  it('uploads the new files first, saves them with the kept ones, then deletes the removed ones', async () => {
    const server = serveAttachments();
    const { save, revisions } = recordingSave();
    const progress: string[] = [];
    const result = await saveWithAttachments(
      target,
      {
        before: [saved('old-1'), saved('old-2')],
        kept: [saved('old-2')],
        added: [pending('a'), pending('b')],
      },
      save,
      { onProgress: (localId, done, total) => progress.push(`${localId} ${done}/${total}`) },
    );
    expect(result).toEqual({ id: SECRET_ID, revision: 5 });
    expect(revisions).toHaveLength(1);
    expect(revisions[0]?.target).toEqual(target);
    expect(revisions[0]?.attachments.map((ref) => ref.id)).toEqual(['old-2', 'att-1', 'att-2']);
    expect(revisions[0]?.attachments[1]).toMatchObject({ name: 'a.txt', size: 10, mediaType: 'text/plain' });
    expect(server.log().filter((line) => !line.includes('/chunks/'))).toEqual([
      `POST /api/v1/secrets/${SECRET_ID}/attachments`,
      'POST /api/v1/attachments/att-1/complete',
      `POST /api/v1/secrets/${SECRET_ID}/attachments`,
      'POST /api/v1/attachments/att-2/complete',
      'DELETE /api/v1/attachments/old-1',
    ]);
    expect(progress).toEqual(['a 0/10', 'a 10/10', 'b 0/10', 'b 10/10']);
  });

  it('deletes the uploads again and deletes nothing else when the save fails', async () => {
    const server = serveAttachments();
    const conflict = new ApiError(409, 'This secret was changed by someone else');
    const { save } = recordingSave(conflict);
    await expect(
      saveWithAttachments(target, { before: [saved('old-1')], kept: [], added: [pending('a')] }, save),
    ).rejects.toBe(conflict);
    expect(server.log().filter((line) => line.startsWith('DELETE'))).toEqual([
      'DELETE /api/v1/attachments/att-1',
    ]);
    expect(server.files.size).toBe(0);
  });

  it('deletes the files uploaded so far and saves nothing when a later upload fails', async () => {
    const server = serveAttachments();
    server.failNext('PUT', '/attachments/att-2/chunks/0', { status: 500 });
    const { save, revisions } = recordingSave();
    const error = await saveWithAttachments(
      target,
      { before: [], kept: [], added: [pending('a'), pending('b')] },
      save,
    ).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AttachmentError);
    expect(revisions).toHaveLength(0);
    expect(server.log().filter((line) => line.startsWith('DELETE'))).toEqual([
      'DELETE /api/v1/attachments/att-2',
      'DELETE /api/v1/attachments/att-1',
    ]);
    expect(server.files.size).toBe(0);
  });

  it('refuses a file over the limit before anything is uploaded or saved', async () => {
    const server = serveAttachments();
    const { save, revisions } = recordingSave();
    const big = {
      localId: 'big',
      file: { size: ATTACHMENT_MAX_BYTES + 1, name: 'big.iso', type: '' } as unknown as File,
    };
    const error = await saveWithAttachments(
      target,
      { before: [], kept: [], added: [pending('a'), big] },
      save,
    ).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({
      kind: 'too-large',
      message: attachmentTooLargeMessage(ATTACHMENT_MAX_BYTES),
    });
    expect(server.calls).toHaveLength(0);
    expect(revisions).toHaveLength(0);
  });

  it('saves an edit without new files in one revision and no upload', async () => {
    const server = serveAttachments();
    const { save, revisions } = recordingSave();
    await saveWithAttachments(target, { before: [saved('old-1')], kept: [saved('old-1')], added: [] }, save);
    expect(revisions.map((r) => r.attachments.map((ref) => ref.id))).toEqual([['old-1']]);
    expect(server.calls).toHaveLength(0);
  });
});

describe('saving a new secret with files', () => {
  it('creates it without files, uploads them to its id, and saves revision 2 with their refs', async () => {
    const server = serveAttachments();
    const { save, revisions } = recordingSave();
    const result = await saveWithAttachments(
      undefined,
      { before: [], kept: [], added: [pending('a')] },
      save,
    );
    expect(result).toEqual({ id: NEW_ID, revision: 2 });
    expect(revisions.map(({ attachments, target }) => [attachments.map((ref) => ref.id), target])).toEqual([
      [[], undefined],
      [['att-1'], { id: NEW_ID, baseRevision: 1 }],
    ]);
    expect(server.files.get('att-1')?.secretId).toBe(NEW_ID);
  });

  it('creates it in one revision when it has no files', async () => {
    serveAttachments();
    const { save, revisions } = recordingSave();
    expect(await saveWithAttachments(undefined, { before: [], kept: [], added: [] }, save)).toEqual({
      id: NEW_ID,
      revision: 1,
    });
    expect(revisions).toHaveLength(1);
  });

  it('says the secret was saved without its files when an upload fails, and deletes the upload', async () => {
    const server = serveAttachments();
    server.failNext('POST', '/complete', { status: 500 });
    const { save, revisions } = recordingSave();
    const error = await saveWithAttachments(
      undefined,
      { before: [], kept: [], added: [pending('a')] },
      save,
    ).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SavedWithoutFilesError);
    expect((error as SavedWithoutFilesError).saved).toEqual({ id: NEW_ID, revision: 1 });
    expect((error as Error).message).toBe(
      'The secret was saved, but its files were not attached: The file could not be uploaded. Please try again.',
    );
    expect(revisions).toHaveLength(1);
    expect(server.files.size).toBe(0);
  });

  it('deletes the uploads when the second revision is refused', async () => {
    const server = serveAttachments();
    const { save } = recordingSave(new ApiError(400, 'Refused'));
    const error = await saveWithAttachments(
      undefined,
      { before: [], kept: [], added: [pending('a')] },
      save,
    ).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SavedWithoutFilesError);
    expect((error as Error).message).toBe('The secret was saved, but its files were not attached: Refused');
    expect(server.files.size).toBe(0);
  });
});
