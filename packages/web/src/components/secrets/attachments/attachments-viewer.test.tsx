import { File as NodeFile } from 'node:buffer';
import { ATTACHMENT_DAMAGED_MESSAGE } from '@coffer/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadAttachment } from '../../../crypto-client/attachment-transfer.js';
import { serveAttachments } from '../../../crypto-client/testing/attachment-server.js';
import { saveFile } from '../../../secret-export/save-file.js';
import { AttachmentsViewer } from './attachments-viewer.js';

vi.mock('../../../secret-export/save-file.js', () => ({ saveFile: vi.fn() }));

const SECRET_ID = '6f1c2a3b-4d5e-4f60-8a71-92b3c4d5e6f7';

beforeEach(() => {
  vi.mocked(saveFile).mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// jsdom's File cannot read its slices (no arrayBuffer()); Node's File can, as every browser's does.
async function storedFile(text: string, name = 'notes.txt') {
  const server = serveAttachments();
  const bytes = new TextEncoder().encode(text);
  const ref = await uploadAttachment(
    SECRET_ID,
    new NodeFile([bytes], name, { type: 'text/plain' }) as unknown as File,
  );
  server.calls.length = 0;
  return { server, ref };
}

function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('the viewer part for files', () => {
  it('shows nothing for a secret without files', () => {
    const { container } = render(<AttachmentsViewer secretId={SECRET_ID} attachments={[]} />);
    expect(container.textContent).toBe('');
  });

  it('lists the files without fetching any, and saves a downloaded one under its name', async () => {
    const { server, ref } = await storedFile('the server never sees this');
    const user = userEvent.setup();
    render(<AttachmentsViewer secretId={SECRET_ID} attachments={[ref]} />);
    expect(screen.getByText('notes.txt')).toBeTruthy();
    expect(screen.getByText('26 B')).toBeTruthy();
    expect(server.calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Download notes.txt' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [blob, name] = vi.mocked(saveFile).mock.calls[0] ?? [];
    expect(name).toBe('notes.txt');
    expect(blob?.type).toBe('text/plain');
    expect(await textOf(blob as Blob)).toBe('the server never sees this');
    expect(server.log()).toEqual([`GET /api/v1/attachments/${ref.id}`]);
    expect(screen.getByRole('button', { name: 'Download notes.txt' })).toBeTruthy();
  });

  it('says a damaged file is damaged and saves nothing', async () => {
    const { server, ref } = await storedFile('tamper with me');
    const stored = server.files.get(ref.id);
    if (!stored) throw new Error('not stored');
    stored.chunks = stored.chunks.map((chunk) => chunk.map((byte, at) => (at === 20 ? byte ^ 1 : byte)));
    const user = userEvent.setup();
    render(<AttachmentsViewer secretId={SECRET_ID} attachments={[ref]} />);
    await user.click(screen.getByRole('button', { name: 'Download notes.txt' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ATTACHMENT_DAMAGED_MESSAGE);
    expect(saveFile).not.toHaveBeenCalled();
  });

  it("says the server's refusal for someone who may no longer read the secret", async () => {
    const { server, ref } = await storedFile('x');
    server.failNext('GET', ref.id, { status: 404, body: { errors: ['Not found'] } });
    const user = userEvent.setup();
    render(<AttachmentsViewer secretId={SECRET_ID} attachments={[ref]} />);
    await user.click(screen.getByRole('button', { name: 'Download notes.txt' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Not found');
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('shows the progress of a download and cancels it, saving nothing', async () => {
    const { server, ref } = await storedFile('slow file');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = server.files.get(ref.id);
    server.failNext('GET', ref.id, {
      body: new ReadableStream<Uint8Array>({
        async pull(controller) {
          await held;
          controller.enqueue(answer?.chunks[0] ?? new Uint8Array());
          controller.close();
        },
      }),
    });
    const user = userEvent.setup();
    render(<AttachmentsViewer secretId={SECRET_ID} attachments={[ref]} />);
    await user.click(screen.getByRole('button', { name: 'Download notes.txt' }));
    const bar = await screen.findByRole('progressbar', { name: 'Downloading notes.txt' });
    expect(bar.getAttribute('aria-valuetext')).toBe('0 B of 9 B');
    await user.click(screen.getByRole('button', { name: 'Cancel download of notes.txt' }));
    release();
    expect(await screen.findByRole('button', { name: 'Download notes.txt' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(saveFile).not.toHaveBeenCalled();
  });
});
