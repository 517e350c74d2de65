/** Where a link the product writes (an email, a QR code) points. */
import type { Config } from '../config.ts';
import type { CallContext } from './route.ts';

/** config PUBLIC_URL, else the address the caller reached the server at; without a trailing slash. */
export function publicBaseUrl(config: Pick<Config, 'publicUrl'>, call: Pick<CallContext, 'origin'>): string {
  return (config.publicUrl ?? call.origin).replace(/\/+$/, '');
}
