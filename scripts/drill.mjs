/**
 * `npm run drill <name>`: the operations drills of docs/operations.md, each in scripts/drill/<name>.mjs
 * exporting `<name>Drill()`, which answers whether the drill passed and writes its report to
 * test-results/drill-<name>.json.
 */
const drills = ['crash', 'failover', 'restore'];
const name = process.argv[2];
if (!drills.includes(name ?? '')) {
  console.error(`usage: npm run drill <${drills.join('|')}>`);
  process.exit(2);
}
try {
  const module = await import(`./drill/${name}.mjs`);
  process.exitCode = (await module[`${name}Drill`]()) ? 0 : 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
