// The open-secret-attachments benchmark's page (issue 27): secrets whose payload lists ten files
// against the same secrets with none, opened with the web app's openSecretRecord. The files are
// fetched only when someone downloads one, so an open must cost the same and ask for nothing else:
// the in-page store (save-secret's) records every request it does not answer.
import { type AttachmentRef, generateAttachmentKey, type PasswordPayload } from '@coffer/core';
import { openSecretRecord } from '@coffer/web-src/crypto-client/open-secret-record.js';
import { publishBench } from '../bench-kit.js';
import { InPageApi, signInPageCaller } from '../save-secret/in-page-api.js';

const CALLER = 'u-bench-caller';
const CHEST = 'c-bench';
const PLAIN: PasswordPayload = {
  username: 'deploy',
  password: 'Tr0ub4dor&3-staging-horse',
  url: 'https://deploy.example.com',
  note: 'Rotated every quarter; ask Operations before changing.',
};

let api: InPageApi | null = null;

function tenFiles(): AttachmentRef[] {
  return Array.from({ length: 10 }, (_, index) => ({
    id: crypto.randomUUID(),
    name: `deploy-certificate-${index}.pem`,
    size: 1024 * 1024 + index,
    mediaType: 'application/x-pem-file',
    key: generateAttachmentKey(),
  }));
}

/** `count` pairs of secrets: the same payload without files and with ten. Answers the pairs' ids. */
async function setUp(count: number, latencyMs: number): Promise<{ plain: string[]; withFiles: string[] }> {
  const store = new InPageApi(CALLER, [await signInPageCaller(CALLER)], latencyMs);
  api = store;
  api.install();
  const plain: string[] = [];
  const withFiles: string[] = [];
  for (let index = 0; index < count; index += 1) {
    plain.push(await store.storeSecret(CHEST, `Deploy key ${index}`, PLAIN));
    withFiles.push(
      await store.storeSecret(CHEST, `Deploy key ${index}`, { ...PLAIN, attachments: tenFiles() }),
    );
  }
  return { plain, withFiles };
}

async function timed(times: number[], act: () => Promise<unknown>): Promise<void> {
  const startedAt = performance.now();
  await act();
  times.push(performance.now() - startedAt);
}

/**
 * Opens each pair once per way (the order alternating) after `warmup` unrecorded pairs. Answers the
 * durations in ms and the requests the store did not answer (none, if no file is fetched on open).
 */
async function measure(
  ids: { plain: string[]; withFiles: string[] },
  warmup: number,
): Promise<{ plain: number[]; withFiles: number[]; filesSeen: number; otherRequests: string[] }> {
  const times = { plain: [] as number[], withFiles: [] as number[] };
  let filesSeen = 0;
  for (const [index, plainId] of ids.plain.entries()) {
    const filesId = ids.withFiles[index] ?? '';
    const ways = [
      ['plain', () => openSecretRecord(plainId, CALLER)],
      [
        'withFiles',
        async () => {
          const opened = await openSecretRecord(filesId, CALLER);
          filesSeen += opened.payload.attachments?.length ?? 0;
        },
      ],
    ] as const;
    for (const [key, open] of index % 2 === 0 ? ways : [...ways].reverse()) {
      if (index < warmup) await open();
      else await timed(times[key], open);
    }
  }
  return { ...times, filesSeen, otherRequests: api?.refused ?? [] };
}

publishBench('openSecretAttachmentsBench', { setUp, measure });
