/**
 * Turns a schema failure into field messages. Schemas of the contract put i18n keys in their
 * messages (`validation.email_required`); a failure without one gets the generic key of its kind,
 * with the limits as parameters. Server and web translate the result with the same catalogues.
 */
import type { z } from 'zod';

export type MessageRef = { key: string; params?: Record<string, string | number> };

function isMessageKey(message: string): boolean {
  return /^[a-z_]+\.[a-z0-9_.]+$/.test(message);
}

const bytesPerMegabyte = 1024 * 1024;

function messageOfIssue(issue: z.core.$ZodIssue): MessageRef {
  // A file size rule is stated in bytes and told in megabytes ('File size cannot exceed {{size}}M').
  if (issue.message === 'validation.file_too_large' && issue.code === 'too_big')
    return { key: issue.message, params: { size: Number(issue.maximum) / bytesPerMegabyte } };
  if (issue.message && isMessageKey(issue.message)) {
    // A custom rule may carry the values its message names (an amount's scale).
    const params = issue.code === 'custom' ? (issue.params as MessageRef['params']) : undefined;
    return params ? { key: issue.message, params } : { key: issue.message };
  }
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? { key: 'validation.required' }
        : { key: 'validation.invalid_type' };
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? { key: 'validation.required' }
          : { key: 'validation.too_short', params: { min: Number(issue.minimum) } };
      if (issue.origin === 'array') return { key: 'validation.too_few', params: { min: Number(issue.minimum) } };
      return { key: 'validation.too_small', params: { min: Number(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { key: 'validation.too_long', params: { max: Number(issue.maximum) } };
      if (issue.origin === 'array') return { key: 'validation.too_many', params: { max: Number(issue.maximum) } };
      return { key: 'validation.too_big', params: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return issue.format === 'email' ? { key: 'validation.email_invalid' } : { key: 'validation.invalid_format' };
    case 'invalid_value':
      return { key: 'validation.invalid_choice' };
    case 'unrecognized_keys':
      return { key: 'validation.unknown_field' };
    default:
      return { key: 'validation.invalid' };
  }
}

/** Dotted path of an issue; an issue on the whole body is reported under `body`. */
function fieldOfIssue(issue: z.core.$ZodIssue): string {
  return issue.path.length === 0 ? 'body' : issue.path.map(String).join('.');
}

/** One message per field (the first issue wins), in the order the schema reported them. */
export function fieldMessages(error: z.ZodError): Record<string, MessageRef> {
  const fields: Record<string, MessageRef> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path.map(String), key].join('.')] ??= messageOfIssue(issue);
      continue;
    }
    fields[fieldOfIssue(issue)] ??= messageOfIssue(issue);
  }
  return fields;
}
