#!/usr/bin/env node
/**
 * One name per domain, checked by `npm run lint`: each server module (apps/server/src/modules/<name>)
 * has a web feature (apps/web/src/features/<name>) and a catalogue namespace (`<name>:` in
 * packages/i18n) of the same name, unless it is listed below with the reason it has none; and each
 * web feature and namespace is a domain's, or listed below as shared with its reason. SPEC.md's URL
 * paths (`/withdraw/...`, `/affiche/...`) are not names: the contract maps them to the domain once.
 *
 * Run with tsx (the catalogues are TypeScript): node --import tsx scripts/lint/domain-names.mjs
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

/** Server modules without a web feature or a namespace of their own, and why. */
const serverOnly = {
  documents: 'uploads and downloads behind every form that takes a file; its pieces are ui/document-upload',
};
const withoutNamespace = {
  ...serverOnly,
};
/** Web features that are no domain's, and why. */
const webOnly = {
  admin: "the back office's shell: its home and navigation; each staff page lives with its domain",
  dashboard: 'the home page, which reads several domains',
};
/** Namespaces that are no domain's, and why. */
const sharedNamespaces = {
  admin: "the back office's shell",
  dashboard: 'the home page',
  shell: "the signed-in frame: navigation, header, the session's dialogs",
  pages: 'page titles and the public pages',
  errors: 'the error catalogue (contract errors.ts), every call',
  validation: 'validation messages of the contract schemas, every form',
  states: 'the labels of every state, step and movement (packages/i18n labels.ts)',
  email: 'the frame every email shares',
  statement: 'statements and record downloads of every domain',
  auth: 'the public forms (sign-in, registration, password reset): apart, so that the first load carries only them',
  kyc_email: "the KYC decision emails, written by the server and kept out of the web app's catalogue",
};

const folders = (path) =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const { catalogues } = await import(join(root, 'packages/i18n/src/resources.ts'));
const modules = folders('apps/server/src/modules');
const features = folders('apps/web/src/features');
// A namespace is an object key: contact-requests is `contact_requests`.
const namespaceOf = (name) => name.replaceAll('-', '_');
const namespaces = Object.keys(catalogues.en);

const breaches = [];
for (const name of modules) {
  if (!features.includes(name) && !(name in serverOnly))
    breaches.push(
      `server module ${name} has no web feature apps/web/src/features/${name} (or list it in serverOnly with why)`,
    );
  if (!namespaces.includes(namespaceOf(name)) && !(name in withoutNamespace))
    breaches.push(
      `server module ${name} has no catalogue namespace "${namespaceOf(name)}" (or list it in withoutNamespace with why)`,
    );
}
for (const name of features) {
  if (!modules.includes(name) && !(name in webOnly))
    breaches.push(
      `web feature ${name} is no server module's name: name it after its domain (or list it in webOnly with why)`,
    );
}
for (const name of namespaces) {
  if (!modules.map(namespaceOf).includes(name) && !(name in sharedNamespaces))
    breaches.push(
      `catalogue namespace ${name} is no server module's name: name it after its domain (or list it in sharedNamespaces with why)`,
    );
}
for (const [name, list] of [
  ...Object.keys(serverOnly).map((n) => [n, 'serverOnly']),
  ...Object.keys(webOnly).map((n) => [n, 'webOnly']),
]) {
  const exists = list === 'serverOnly' ? modules.includes(name) : features.includes(name);
  if (!exists) breaches.push(`${list} lists ${name}, which does not exist: remove it`);
}
if (breaches.length > 0) {
  for (const breach of breaches) console.error(breach);
  process.exit(1);
}
