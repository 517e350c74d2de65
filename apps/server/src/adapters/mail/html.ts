/** The HTML of an email: one plain, accessible layout, every inserted value escaped. */

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export type EmailContent = {
  /** The `lang` attribute: en, zh-CN or ja. */
  locale: string;
  title: string;
  paragraphs: readonly string[];
  /** Shown large and alone, so that it is easy to read and copy. */
  code?: string;
  /** A link the email asks the reader to open, written out in full after the paragraphs. */
  link?: string;
  /** Paragraphs after the link. */
  closing?: readonly string[];
  footer: string;
};

export function renderEmailHtml(content: EmailContent): string {
  const paragraphs = content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n');
  const code = content.code
    ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(content.code)}</p>\n`
    : '';
  const link = content.link
    ? `<p><a href="${escapeHtml(content.link)}" style="word-break:break-all">${escapeHtml(content.link)}</a></p>\n`
    : '';
  const closing = (content.closing ?? []).map((paragraph) => `<p>${escapeHtml(paragraph)}</p>\n`).join('');
  return `<!doctype html>
<html lang="${escapeHtml(content.locale)}">
<head><meta charset="utf-8"><title>${escapeHtml(content.title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(content.title)}</h1>
${code}${paragraphs}
${link}${closing}<hr>
<p style="font-size:12px;color:#5c5f66">${escapeHtml(content.footer)}</p>
</body>
</html>
`;
}

/** The plain-text part: the same content, the code on its own line. */
export function renderEmailText(content: EmailContent): string {
  return [
    content.title,
    '',
    ...(content.code ? [content.code, ''] : []),
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.link ? [content.link, ''] : []),
    ...(content.closing ?? []).flatMap((p) => [p, '']),
    '--',
    content.footer,
    '',
  ].join('\n');
}
