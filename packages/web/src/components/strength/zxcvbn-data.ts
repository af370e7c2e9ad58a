import type { OptionsDictionary, OptionsGraph, OptionsL33tTable, TranslationKeys } from '@zxcvbn-ts/core';

/** What zxcvbn-ts is configured with here: its dictionaries, keyboard graphs and l33t table. */
export interface ZxcvbnData {
  dictionary: OptionsDictionary;
  graphs: OptionsGraph;
  translations: TranslationKeys;
  l33tTable: OptionsL33tTable;
  /** Whether a dictionary is one of the word-sequence lists (numbers, days, months…). */
  isWordSequence: (name: string) => boolean;
  ZxcvbnFactory: typeof import('@zxcvbn-ts/core').ZxcvbnFactory;
}

let loading: Promise<ZxcvbnData> | undefined;

/**
 * zxcvbn-ts and its English and common dictionaries, imported on first use (about 800 kB, so
 * dynamically: they stay out of the initial bundle); later calls share the same promise. The strength scorer and the password health's not-weak proof read the
 * same data, so the proof reasons about exactly the words zxcvbn matches.
 */
export function loadZxcvbnData(): Promise<ZxcvbnData> {
  loading ??= importZxcvbnData().catch((error: unknown) => {
    // A failed chunk load (offline, new release) may succeed on the next try.
    loading = undefined;
    throw error;
  });
  return loading;
}

async function importZxcvbnData(): Promise<ZxcvbnData> {
  const [core, common, english] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  // The defaults of an Options without dictionaries: zxcvbn's own l33t table and word-sequence names.
  const defaults = new core.Options();
  return {
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    l33tTable: defaults.l33tTable,
    isWordSequence: (name) => defaults.isWordSequence(name),
    ZxcvbnFactory: core.ZxcvbnFactory,
  };
}
