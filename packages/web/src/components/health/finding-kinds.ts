/** The kinds of finding, in the order they are fixed first. */
export const FINDING_KINDS = ['breached', 'reused', 'weak', 'insecure-url', 'old'] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];
