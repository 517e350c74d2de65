#!/usr/bin/env node
/**
 * Size limits, checked by `npm run lint`: a server function over 70 lines, or a web component over
 * 150, is a place where a reader loses the thread. Either split it into named steps, or say why it
 * reads better whole in a comment on the line above it that starts with `// Long:` (a table of
 * cases, a form whose fields are its whole content). Tests, seeds of demo data and generated files
 * are not checked.
 *
 * Usage: node scripts/lint/sizes.mjs [--list]   (--list prints every long function, reason or not)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = new URL('../..', import.meta.url).pathname;
const areas = [
  { dir: 'apps/server/src', limit: 70, what: 'function', applies: () => true },
  // A component is a function named in PascalCase in a .tsx file.
  {
    dir: 'apps/web/src',
    limit: 150,
    what: 'component',
    applies: (name, file) => file.endsWith('.tsx') && /^[A-Z]/.test(name),
  },
];
const skipped = /(\.test\.tsx?|\.d\.ts|test-support\.ts|\/test-app\.ts)$/;
const listAll = process.argv.includes('--list');

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !skipped.test(path)) yield path;
  }
}

/** The name a function goes by: its own, or the variable, property or method it is assigned to. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name))
    return parent.name.text;
  // memo(function X) / forwardRef((props) => ...) assigned to a variable
  if (parent && ts.isCallExpression(parent)) {
    const holder = parent.parent;
    if (holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)) return holder.name.text;
  }
  return null;
}

function reasonAbove(source, node) {
  const comments = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? [];
  const statement = ts.isVariableDeclaration(node.parent) ? node.parent.parent.parent : null;
  const more = statement ? (ts.getLeadingCommentRanges(source.text, statement.getFullStart()) ?? []) : [];
  return [...comments, ...more].some((range) => /^\/\/\s*Long:\s*\S/.test(source.text.slice(range.pos, range.end)));
}

const breaches = [];
const long = [];
for (const area of areas) {
  for (const file of sourceFiles(join(root, area.dir))) {
    const path = relative(root, file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (
        ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node)
      ) {
        const name = nameOf(node);
        if (name && node.body && area.applies(name, path)) {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const end = source.getLineAndCharacterOfPosition(node.end).line;
          const lines = end - start + 1;
          if (lines > area.limit) {
            const entry = { path, line: start + 1, name, lines, area, reasoned: reasonAbove(source, node) };
            long.push(entry);
            if (!entry.reasoned) breaches.push(entry);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

const describe = (entry) =>
  `${entry.path}:${entry.line} ${entry.area.what} ${entry.name} is ${entry.lines} lines (limit ${entry.area.limit})`;
if (listAll)
  for (const entry of long.sort((a, b) => b.lines - a.lines))
    console.log(`${entry.reasoned ? 'reasoned ' : ''}${describe(entry)}`);
if (breaches.length > 0) {
  for (const entry of breaches) console.error(describe(entry));
  console.error(
    `\n${breaches.length} over the size limit: split into named steps, or say why it reads better whole in a "// Long: ..." comment above it.`,
  );
  process.exit(1);
}
