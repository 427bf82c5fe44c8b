// The bench's table (markdown, pasted into the README) and the targets of issue 4.
// autocannon counts whole milliseconds: 0 means under one.
const ms = (value) => (value === undefined ? '–' : value < 1 ? '< 1' : String(Math.round(value)));

function verdicts(results) {
  const find = (name) => results.find((result) => result.name === name && !result.skipped);
  // A shopper's keystroke is one request at a time: the suggestion target reads the one-visitor row.
  const suggestions = find('suggestions, one visitor');
  const list = find('category list, filtered + sorted');
  const staticFile = find('list page bytes as a static file');
  const home = find('home');
  const homeCeiling = find('home bytes, bare node:http from memory (ceiling)');
  const listCeiling = find('list bytes, bare node:http from memory (ceiling)');
  const half = (page, ceiling, name) =>
    line(page && ceiling && page.rps >= ceiling.rps / 2, `${name} >= half of bare node:http's for its bytes (${Math.round(page?.rps ?? 0)} vs ${Math.round(ceiling?.rps ?? 0)} / 2 req/s)`);
  const line = (ok, text) => `- ${ok === undefined ? 'not measured' : ok ? 'met' : 'MISSED'}: ${text}`;
  return [
    line(suggestions && suggestions.p50 < 10, `suggestions p50 < 10 ms (${ms(suggestions?.p50)} ms)`),
    line(list && list.p99 < 50, `filtered category list p99 < 50 ms (${ms(list?.p99)} ms)`),
    line(
      list && staticFile && list.rps >= staticFile.rps / 2,
      `list page throughput >= half the static file's (${Math.round(list?.rps ?? 0)} vs ${Math.round(staticFile?.rps ?? 0)} / 2 req/s)`,
    ),
    half(home, homeCeiling, 'home (kept page, compressed)'),
    half(list, listCeiling, 'filtered list (kept page, compressed)'),
  ];
}

export function formatTable(results, options) {
  const header = [
    `${options.products.toLocaleString('en')} products, ${options.database}, ${options.duration} s per row (after ${options.warmup} s of warm-up), loopback;`,
    `${options.machine}`,
    '',
    'Every request sends Accept-Encoding: br, gzip; "answer" is the bytes on the wire and their encoding.',
    '',
    '| request | connections | answer | requests/s | p50 ms | p99 ms | failures |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const rows = results.map((result) =>
    result.skipped
      ? `| ${result.name} | – | ${result.skipped} | – | – | – | – |`
      : `| ${result.name} | ${result.connections} | ${(result.bytes / 1024).toFixed(1)} KB ${result.encoding ?? 'plain'} | ${Math.round(result.rps)} | ${ms(result.p50)} | ${ms(result.p99)} | ${result.failures} of ${result.total} |`,
  );
  return [...header, ...rows, '', ...verdicts(results)].join('\n');
}
