/**
 * Card secrets never kept (DECISIONS.md "Cards"): the journeys note every PIN and
 * activation (security) code they typed, and after the last journey the run's server log and every
 * table of its database are searched for them and for anything shaped like a full card number (16
 * digits passing the Luhn check). A finding fails the run.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    cardSecretsFile: string;
  }
}

export type CardSecret = { kind: 'pin' | 'activation_code'; value: string };

/** Notes a secret a journey typed, for the scan after the run. */
export function keepCardSecret(secret: CardSecret): void {
  appendFileSync(inject('cardSecretsFile'), `${JSON.stringify(secret)}\n`);
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * 16 digits standing alone (not within a longer number, a decimal or a hexadecimal string such as a
 * SHA-256 hash, where one hash in 250 has a run of 16 digits) that pass the Luhn check.
 */
function cardNumbersIn(text: string): string[] {
  return [...text.matchAll(/(?<![\da-fA-F.])\d{16}(?![\da-fA-F.])/g)]
    .map((match) => match[0])
    .filter((digits) => !/^(\d)\1+$/.test(digits) && luhnValid(digits));
}

/**
 * Where a secret shows: a PIN as the value of a field (`"pin":"2580"`, `pin=2580`); an activation
 * code as a value of its own (6 digits standing alone beside a quote or a separator).
 */
export function findingsIn(place: string, text: string, secrets: readonly CardSecret[]): string[] {
  const findings: string[] = [];
  for (const secret of secrets) {
    const pattern =
      secret.kind === 'pin'
        ? new RegExp(`pin[a-z_]*["']?\\s*[:=]\\s*["']?${secret.value}(?!\\d)`, 'i')
        : new RegExp(`["'=:,(\\s]${secret.value}["'\\s,)}]`);
    if (pattern.test(text)) findings.push(`${place}: a ${secret.kind} the journeys typed`);
  }
  for (const number of cardNumbersIn(text)) findings.push(`${place}: a full card number ending ${number.slice(-4)}`);
  return findings;
}

function secretsOf(file: string): CardSecret[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CardSecret);
}

type Query = (statement: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Every user table's rows as text (timestamps left out: their microseconds are digits of no meaning). */
async function tablesAsText(query: Query): Promise<Map<string, string>> {
  const { rows } = await query(
    `select table_schema, table_name, string_agg(quote_ident(column_name), ', ') as columns
       from information_schema.columns
      where table_schema not in ('pg_catalog', 'information_schema')
        and data_type not like 'timestamp%' and data_type not in ('date', 'bytea')
      group by table_schema, table_name`,
  );
  const texts = new Map<string, string>();
  for (const row of rows) {
    const table = `${String(row.table_schema)}.${String(row.table_name)}`;
    const dump = await query(`select (${String(row.columns)})::text as row from ${table}`);
    texts.set(table, dump.rows.map((line) => String(line.row)).join('\n'));
  }
  return texts;
}

/** The scan: the server log and every table. Answers what was found (nothing, when all is well). */
export async function scanForCardSecrets(options: {
  secretsFile: string;
  logFile: string;
  query: Query;
}): Promise<string[]> {
  const secrets = secretsOf(options.secretsFile);
  const log = existsSync(options.logFile) ? readFileSync(options.logFile, 'utf8') : '';
  const tables = await tablesAsText(options.query);
  // A scan that read nothing would pass for the wrong reason.
  if (log === '' || !tables.has('public.cards')) return ['the scan found no server log or no cards table to read'];
  const findings = findingsIn('the server log', log, secrets);
  for (const [table, text] of tables) findings.push(...findingsIn(`table ${table}`, text, secrets));
  return findings;
}

/** Collects the bodies of every API answer a page receives, for `findingsIn` (the client's pages: no simulator letter). */
export function collectApiAnswers(page: import('playwright-core').Page): string[] {
  const answers: string[] = [];
  page.on('response', (response) => {
    if (!response.url().includes('/api/v1/')) return;
    response.text().then(
      (text) => answers.push(text),
      () => undefined,
    );
  });
  return answers;
}
