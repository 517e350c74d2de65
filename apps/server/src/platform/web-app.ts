/**
 * The built web app (apps/web/dist), served from the API's origin. Hashed assets are cached for a
 * year; index.html is revalidated on every load so a release reaches users at once. The build
 * writes each text asset also as `.br` and `.gz` (apps/web/vite.config.ts): the variant the
 * browser's Accept-Encoding allows is sent with its Content-Encoding and `Vary: Accept-Encoding`,
 * and a client that accepts neither gets the original bytes. Every path of
 * the contract's route table answers index.html (deep links), but for the addresses that only lead
 * to another page (the route table's `serverRedirects`), which answer a redirect to it; any other
 * page path answers index.html too, with HTTP 404, and the app shows its 404 page.
 *
 * /login and /reg answer the page already drawn at build time (apps/web/src/prerender.tsx,
 * dist/prerendered/<page>.<language>.html) in the language of the `language` cookie the app keeps
 * (English without one), so that a browser draws the form before the JavaScript arrives. Every
 * signed-in page answers its outline drawn likewise (dist/prerendered/<page id>.<language>.html): the
 * shell's frame and the page's heading, with links to the chunks the page needs, fetched at once.
 * `npm start` answers while these are drawn: each is sent drawn once its file is written (whole,
 * renamed into place by the drawing), the empty page until then.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultLanguage, isLanguage, type Language, languageCookie } from '@bank/contract/constants';
import { mainPages, prerenderedPages, serverRedirects, spaPaths } from '@bank/contract/routes';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

export const notBuiltMessage =
  'The web app is not built. Run `npm run build` at the repository root (or `npm start`, which builds it), then restart the server.\n';

export type WebApp = {
  /** Answers a page path no route knows: index.html with 404, or the not-built message. */
  answerUnknownPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
};

const immutableCache = 'public, max-age=31536000, immutable';

/** The pages drawn at build time, public pages and signed-in pages' outlines: the name of their files, by path. */
const prerenderedByPath = new Map<string, string>([
  ...Object.entries(prerenderedPages).map(([name, page]): [string, string] => [page, name]),
  ...mainPages.map((page): [string, string] => [page.path, page.id]),
]);
const languageCookiePattern = new RegExp(`(?:^|;\\s*)${languageCookie}=([^;]*)`);

/** The language the app keeps in its cookie; English when there is none. */
function languageOfRequest(request: FastifyRequest): Language {
  const match = languageCookiePattern.exec(request.headers.cookie ?? '');
  const value = match?.[1]?.trim();
  return isLanguage(value) ? value : defaultLanguage;
}

/** The query string of a request's address, with its `?`, or nothing. */
function queryOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start);
}

/** The compressed copy the browser accepts, if any (the build writes `.br` and `.gz` beside each file). */
function encodingOfRequest(request: FastifyRequest): { encoding: 'br' | 'gzip'; extension: string } | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return { encoding: 'br', extension: '.br' };
  if (/\bgzip\b/.test(accepted)) return { encoding: 'gzip', extension: '.gz' };
  return undefined;
}

export async function registerWebApp(app: FastifyInstance, options: { webDistDir: string }): Promise<WebApp> {
  const indexFile = path.join(options.webDistDir, 'index.html');
  const assetsDir = path.join(options.webDistDir, 'assets') + path.sep;

  // Whether the app is built is seen on every page load, not at start: `npm start` starts the server
  // while the web app is still building (scripts/start.mjs), and a rebuilt app is served without a
  // restart. index.html is small and cached by the OS. So is a page drawn at build time (sendPrerendered).
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, status: number) => {
    const bytes = await readFile(indexFile).catch(() => undefined);
    if (!bytes) {
      request.log.warn({ webDistDir: options.webDistDir }, 'web app not built: answered a message instead');
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(notBuiltMessage);
    }
    return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(bytes);
  };

  const sendPrerendered = async (request: FastifyRequest, reply: FastifyReply, page: string) => {
    const file = path.join(options.webDistDir, 'prerendered', `${page}.${languageOfRequest(request)}.html`);
    const encoded = encodingOfRequest(request);
    const compressed = encoded ? await readFile(file + encoded.extension).catch(() => undefined) : undefined;
    const bytes = compressed ?? (await readFile(file).catch(() => undefined));
    if (!bytes) return sendIndex(request, reply, 200);
    if (compressed && encoded) reply.header('content-encoding', encoded.encoding);
    return reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding, Cookie')
      .send(bytes);
  };

  const staticFiles: FastifyPluginAsync = async (scope) => {
    await scope.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      index: false,
      wildcard: true,
      // Not built yet (see sendIndex): the files are looked for on each request.
      suppressWarning: true,
      decorateReply: false,
      // Not the build's own files: Vite's manifest (.vite) names every source file until the drawing removes it.
      dotfiles: 'ignore',
      cacheControl: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.startsWith(assetsDir) ? immutableCache : 'no-cache');
      },
    });
    const redirectsTo = serverRedirects();
    for (const page of spaPaths) {
      const target = redirectsTo.get(page);
      if (target) {
        // The query goes along (a link to /fiat_deposit?asset=USDC keeps its asset).
        scope.get(page, async (request, reply) => reply.redirect(`${target}${queryOf(request.url)}`, 302));
        continue;
      }
      const prerendered = prerenderedByPath.get(page);
      scope.get(page, async (request, reply) =>
        prerendered ? sendPrerendered(request, reply, prerendered) : sendIndex(request, reply, 200),
      );
    }
  };
  await app.register(staticFiles);

  return { answerUnknownPage: (request, reply) => sendIndex(request, reply, 404) };
}
