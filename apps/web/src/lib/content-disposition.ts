/**
 * The file name of a download from its Content-Disposition header (RFC 6266): the UTF-8
 * `filename*` form wins over the plain `filename`. Path parts are dropped so that a name can never
 * point outside the download folder.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return safeName(decodeURIComponent(extended[1].trim().replace(/^"|"$/g, '')));
    } catch {
      // A malformed percent-encoding: fall back to the plain form.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header);
  if (quoted?.[1] !== undefined) return safeName(quoted[1].replace(/\\(.)/g, '$1'));
  const bare = /filename\s*=\s*([^;\s]+)/.exec(header);
  if (bare?.[1]) return safeName(bare[1]);
  return null;
}

function safeName(name: string): string | null {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base === '' || base === '.' || base === '..' ? null : base;
}
