import type { AttachmentRef } from '@coffer/core';
import { attachmentTooLargeMessage } from '@coffer/core';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type AttachmentsDraft, AttachmentsEditor } from './attachments-editor.js';
import { formatFileSize } from './file-size.js';
import { useAttachmentsDraft } from './use-attachments-draft.js';

const KEY = 'ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=';
const stored: AttachmentRef = {
  id: 'att-1',
  name: 'contract.pdf',
  size: 250_000,
  mediaType: 'application/pdf',
  key: KEY,
};

function fileOf(name: string, size: number): File {
  const file = new File(['x'], name, { type: 'text/plain' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

interface ParentProps {
  start: AttachmentsDraft;
  latest: { draft: AttachmentsDraft };
  progress?: Record<string, number>;
  maxBytes?: number;
}

/** Keeps the editor's draft as the form does, and hands the latest one to the test. */
function Parent({ start, latest, ...props }: ParentProps) {
  const [draft, setDraft] = useState(start);
  latest.draft = draft;
  return <AttachmentsEditor {...draft} {...props} onChange={setDraft} />;
}

function renderEditor(
  start: AttachmentsDraft,
  props: { progress?: Record<string, number>; maxBytes?: number } = {},
) {
  const latest = { draft: start };
  render(<Parent start={start} latest={latest} {...props} />);
  return latest;
}

describe('the form part for files', () => {
  it('lists the attached files with their sizes and removes one', async () => {
    const user = userEvent.setup();
    const latest = renderEditor({
      attachments: [stored, { ...stored, id: 'att-2', name: 'key.pem', size: 12 }],
      pending: [],
    });
    expect(screen.getByText('contract.pdf')).toBeTruthy();
    expect(screen.getByText('244 KB')).toBeTruthy();
    expect(screen.getByText('12 B')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove contract.pdf' }));
    expect(screen.queryByText('contract.pdf')).toBeNull();
    expect(latest.draft.attachments.map((ref) => ref.id)).toEqual(['att-2']);
  });

  it('adds chosen files as waiting for the save, and removes a waiting one', async () => {
    const user = userEvent.setup();
    const latest = renderEditor({ attachments: [], pending: [] });
    await user.upload(screen.getByLabelText('Attach file'), [fileOf('a.txt', 10), fileOf('b.txt', 2048)]);
    expect(latest.draft.pending.map(({ file }) => file.name)).toEqual(['a.txt', 'b.txt']);
    expect(screen.getByText('2 KB · uploads when you save')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove a.txt' }));
    expect(latest.draft.pending.map(({ file }) => file.name)).toEqual(['b.txt']);
  });

  it('refuses a file over the limit at once with the limit message, keeping the others', async () => {
    const user = userEvent.setup();
    const latest = renderEditor({ attachments: [], pending: [] }, { maxBytes: 1000 });
    await user.upload(screen.getByLabelText('Attach file'), [
      fileOf('small.txt', 10),
      fileOf('big.iso', 1001),
    ]);
    expect(screen.getByRole('alert').textContent).toBe(attachmentTooLargeMessage(1000));
    expect(latest.draft.pending.map(({ file }) => file.name)).toEqual(['small.txt']);
  });

  it('takes dropped files', () => {
    const latest = renderEditor({ attachments: [], pending: [] });
    const part = screen.getByRole('group', { name: 'Files' });
    fireEvent.dragOver(part, { dataTransfer: { files: [] } });
    fireEvent.drop(part, { dataTransfer: { files: [fileOf('dropped.txt', 5)] } });
    expect(latest.draft.pending.map(({ file }) => file.name)).toEqual(['dropped.txt']);
  });

  it('shows each new file’s upload progress while the form saves, and nothing can be changed', () => {
    const pending = [{ localId: 'p-1', file: fileOf('a.txt', 2 * 1024 * 1024) }];
    render(
      <AttachmentsEditor
        attachments={[stored]}
        pending={pending}
        progress={{ 'p-1': 1024 * 1024 }}
        disabled
        onChange={() => undefined}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Uploading a.txt' });
    expect(bar.getAttribute('aria-valuenow')).toBe(String(1024 * 1024));
    expect(bar.getAttribute('aria-valuetext')).toBe('1 MB of 2 MB');
    expect((screen.getByRole('button', { name: 'Remove contract.pdf' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByLabelText('Attach file') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('the draft hook', () => {
  it('answers what changed since the form opened, and the progress by file', () => {
    const { result } = renderHook(() => useAttachmentsDraft([stored]));
    const pending = { localId: 'p-1', file: fileOf('a.txt', 10) };
    act(() => result.current.editorProps.onChange({ attachments: [], pending: [pending] }));
    expect(result.current.changes()).toEqual({ before: [stored], kept: [], added: [pending] });
    act(() => result.current.onProgress('p-1', 5));
    expect(result.current.editorProps.progress).toEqual({ 'p-1': 5 });
    act(() => result.current.reset([{ ...stored, id: 'att-9' }]));
    expect(result.current.changes()).toEqual({
      before: [{ ...stored, id: 'att-9' }],
      kept: [{ ...stored, id: 'att-9' }],
      added: [],
    });
    expect(result.current.editorProps.progress).toEqual({});
  });
});

describe('file sizes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10 * 1024 * 1024, '10 MB'],
    [1024 * 1024 * 1024, '1 GB'],
  ])('%s bytes read as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
