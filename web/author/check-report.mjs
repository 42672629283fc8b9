// The check's report in words a teacher reads, from the counts the core returns
// (companion.check): the same words in the terminal (tools/cli.mjs check) and on the
// preview page (author.html). -> {ok, lines}.

const percent = (part, whole) => (whole > 0 ? `${(100 * part / whole).toFixed(part === whole ? 0 : 1)}%` : '0%');
const times = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;

// What each kind of check looks at, as the report names it.
const CHECKS = {
  variant: 'drawing a variant that meets every requirement',
  text: 'the texts',
  part: 'the part',
  finite: 'a finite value',
  shown: 'the value shown, typed back',
  placeholder: 'the example in the answer box',
  mistake: 'a named mistake',
  test: 'your test',
  'give-away': 'a text that gives the answer away',
};

export function checkWords(report) {
  if (report.refused) {
    return { ok: false, lines: [`The file is refused: ${report.refused}.`, 'Nothing else was checked: correct this first.'] };
  }
  const { seeds, from, draws, variants, redrawn = [], failureCount, failures, parts, tests } = report;
  const failedTests = tests.filter((t) => t.failed > 0);
  const ok = failureCount === 0 && failedTests.length === 0;
  const lines = [];
  const last = from + seeds - 1;
  lines.push(`${report.id || 'The exercise'} (version ${report.version}), ${times(seeds, 'seed')}, ${from} to ${last}: `
    + (ok ? 'every check passes.' : `${times(failureCount, 'problem')} found.`));
  if (draws > 0) {
    // (A seed with no variant took every one of its draws: no share is over 100%.)
    lines.push(`Drawing: ${times(draws, 'draw')} for ${times(seeds, 'seed')}; ${percent(variants, draws)} of draws met every `
      + `requirement${draws > variants ? ' (the others were drawn again)' : ''}.`);
    if (redrawn.length) {
      lines.push(`Drawn again because: ${redrawn.map((r) => `${r.reason} (${times(r.count, 'draw')})`).join('; ')}.`);
    }
  }
  let listed = 0;
  for (const f of failures) {
    const at = f.count === 1 ? `Seed ${f.seeds[0]}`
      : `Seeds ${f.seeds.join(', ')}${f.count > f.seeds.length ? ', …' : ''} (${f.count} in all)`;
    lines.push(`${at}${f.part ? `, part ${f.part}` : ''} (${CHECKS[f.check] ?? f.check}): ${f.message}`);
    listed += f.count;
  }
  if (failureCount > listed) lines.push(`… and ${failureCount - listed} more problems of other kinds.`);
  for (const part of parts) {
    const named = part.mistakes.map((m) => {
      const notes = [`on ${percent(m.named, seeds)} of variants`];
      if (m.collisions) notes.push(`the same value as another mistake on ${times(m.collisions, 'variant')}`);
      if (m.accepted) notes.push(`right at the places written on ${times(m.accepted, 'variant')}`);
      return `${m.tag} (${notes.join('; ')})`;
    });
    lines.push(`Part ${part.name}: the value shown is accepted when typed on ${times(part.shown, 'variant')}; `
      + (named.length ? `mistakes named: ${named.join(', ')}.` : 'no mistake is named for it.'));
  }
  for (const t of tests) {
    const ran = t.passed + t.failed;
    lines.push(`Test: part ${t.part}, answer ${JSON.stringify(t.answer)}, expects ${t.expect}: `
      + (ran === 0 ? 'it applied to none of these seeds.' : t.failed === 0 ? `passed on ${times(ran, 'seed')}.`
        : `failed on ${t.failed} of ${times(ran, 'seed')}.`));
  }
  if (tests.length === 0) lines.push('The file has no tests of its own ("tests": [{part, answer, expect}]).');
  return { ok, lines };
}
