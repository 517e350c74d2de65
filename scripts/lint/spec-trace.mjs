/**
 * Checks docs/spec-trace.md, the table of SPEC.md's rules: every file it names exists, every test
 * it names (`file > test name`) is found in its file, and every rule names the file that enforces
 * it and either the test that proves it or the decision that changes it. A moved or renamed file
 * then fails the lint instead of leaving the trace quietly wrong.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tracePath = 'docs/spec-trace.md';

// DECISIONS.md is the product owner's file beside SPEC.md, not part of the repository: a reference
// to it names one of its sections, checked against this list of its headings.
const productDecisionSections = new Set(['Validation', 'Server', 'Wire', 'Money', 'Cards', 'Organisation']);

const rowPattern = /^\|\s*(\d+\.\d+)\s*\|/;

/** The back-quoted references of a cell: `path` or `path > text that must be in the file`. */
function referencesOf(cell) {
  return [...cell.matchAll(/`([^`]+)`/g)].map((match) => {
    const [path, ...rest] = match[1].split(' > ');
    return { path: path.trim(), text: rest.join(' > ').trim() };
  });
}

const fileTexts = new Map();
function textOf(path) {
  if (!fileTexts.has(path)) fileTexts.set(path, readFileSync(join(root, path), 'utf8'));
  return fileTexts.get(path);
}

function breachesOfReference(id, column, { path, text }) {
  const section = /^DECISIONS\.md §(\S+)$/.exec(path);
  if (section) {
    return productDecisionSections.has(section[1])
      ? []
      : [`${id} ${column}: DECISIONS.md has no section ${section[1]}`];
  }
  if (!existsSync(join(root, path))) return [`${id} ${column}: ${path} does not exist`];
  if (text && !textOf(path).includes(text)) return [`${id} ${column}: "${text}" is not in ${path}`];
  return [];
}

function checkTrace(markdown) {
  const breaches = [];
  const ids = new Set();
  const counts = { rules: 0, enforcedAndTested: 0, changedByDecision: 0, open: [] };
  let previous = [0, 0];
  for (const line of markdown.split('\n')) {
    const match = rowPattern.exec(line);
    if (!match) continue;
    const id = match[1];
    const cells = line.split('|').slice(1, -1);
    if (cells.length !== 5) {
      breaches.push(`${id}: has ${cells.length} cells, not 5`);
      continue;
    }
    const [, , enforcedCell, provenCell, decisionCell] = cells;
    const [section, number] = id.split('.').map(Number);
    if (ids.has(id)) breaches.push(`${id}: appears twice`);
    if (section < previous[0] || (section === previous[0] && number !== previous[1] + 1)) {
      breaches.push(`${id}: out of order after ${previous.join('.')}`);
    }
    ids.add(id);
    previous = [section, number];

    const enforced = referencesOf(enforcedCell);
    const proven = referencesOf(provenCell);
    const decisions = referencesOf(decisionCell);
    counts.rules += 1;
    if (enforced.length === 0) breaches.push(`${id}: names no file that enforces it`);
    if (enforced.length > 0 && proven.length > 0) counts.enforcedAndTested += 1;
    if (decisions.length > 0) counts.changedByDecision += 1;
    const isOpen = /^\s*open\b/.test(decisionCell);
    if (isOpen) counts.open.push(`${id} ${decisionCell.trim()}`);
    if (proven.length === 0 && decisions.length === 0 && !isOpen) {
      breaches.push(`${id}: names neither a test that proves it, a decision that changes it, nor an open mark`);
    }
    for (const reference of enforced) breaches.push(...breachesOfReference(id, 'enforced in', reference));
    for (const reference of proven) breaches.push(...breachesOfReference(id, 'proven by', reference));
    for (const reference of decisions) breaches.push(...breachesOfReference(id, 'decision', reference));
  }
  if (counts.rules === 0) breaches.push(`${tracePath} has no rule rows`);
  breaches.push(...breachesOfClosingNote(markdown, counts));
  return { breaches, counts };
}

/** The closing note states the counts in words a reader can check: `Counts: N rules; ...`. */
function countsLine(counts) {
  return (
    `Counts: ${counts.rules} rules; ${counts.enforcedAndTested} enforced and tested; ` +
    `${counts.changedByDecision} changed by a decision; ${counts.open.length} open.`
  );
}

function breachesOfClosingNote(markdown, counts) {
  const expected = countsLine(counts);
  return markdown.includes(expected) ? [] : [`the closing note does not say "${expected}"`];
}

const { breaches, counts } = checkTrace(textOf(tracePath));
for (const breach of breaches) console.error(`${tracePath}: ${breach}`);
for (const open of counts.open) console.log(`spec-trace: open ${open}`);
console.log(`spec-trace: ${countsLine(counts)}`);
if (breaches.length > 0) process.exit(1);
