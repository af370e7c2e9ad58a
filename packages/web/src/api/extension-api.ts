import type { ExtensionDownloads } from '@coffer/core';
import { useQuery } from '@tanstack/react-query';
import { requestOrThrow } from './api-client.js';

/** Which builds of the browser extension this server has (public: the download page needs no sign-in). */
export function fetchExtensionDownloads(signal?: AbortSignal): Promise<ExtensionDownloads> {
  return requestOrThrow<ExtensionDownloads>('/api/v1/extension/downloads.json', signal ? { signal } : {});
}

/** The download page's query of the builds. */
export function useExtensionDownloads() {
  return useQuery({
    queryKey: ['extension-downloads'] as const,
    queryFn: ({ signal }) => fetchExtensionDownloads(signal),
  });
}
