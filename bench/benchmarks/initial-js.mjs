// What a first visit downloads before any lazy route: the entry script, its modulepreloads and
// their static imports, each gzipped at level 9 (what a well-configured server or CDN would send).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { findInitialScripts, formatKilobytes, formatVerdict, renderTable } from '../lib/index.mjs';

const GOAL_BYTES = 200_000;
const REFERENCE = '344 kB for a comparable open-source password-manager web app';

export default {
  name: 'initial-js',
  title: 'Initial JavaScript of the web app, gzipped',
  async run() {
    const files = findInitialScripts().map((script) => {
      const source = readFileSync(script.file);
      return {
        url: script.url,
        via: script.via,
        bytes: source.length,
        gzipBytes: gzipSync(source, { level: 9 }).length,
      };
    });
    const total = files.reduce((sum, file) => sum + file.gzipBytes, 0);
    const rawTotal = files.reduce((sum, file) => sum + file.bytes, 0);
    const pass = total <= GOAL_BYTES;
    const rows = files.map((file) => [
      `\`${file.url}\``,
      file.via,
      formatKilobytes(file.bytes),
      formatKilobytes(file.gzipBytes),
    ]);
    rows.push(['**total**', '', formatKilobytes(rawTotal), `**${formatKilobytes(total)}**`]);
    const body = [
      renderTable(['file', 'loaded as', 'raw', 'gzip -9'], rows, ['left', 'left', 'right', 'right']),
      '',
      `Goal: at most ${formatKilobytes(GOAL_BYTES)} gzipped (reference: ${REFERENCE}): ` +
        `**${formatKilobytes(total)}**, ${formatVerdict(pass)}.`,
      '',
      'Read from `packages/web/dist/index.html`: its module script, its `modulepreload` links and ' +
        'whatever those import statically (lazy routes load later). 1 kB = 1000 bytes. CSS is not counted.',
    ].join('\n');
    return {
      body,
      goal: `at most ${formatKilobytes(GOAL_BYTES)} gzipped`,
      pass,
      data: { files, totalGzipBytes: total, totalBytes: rawTotal, goalBytes: GOAL_BYTES },
    };
  },
};
