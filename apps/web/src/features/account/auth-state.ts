/** What the public pages hand each other through the router's navigation state. */
import { pathOf, publicPaths } from '@bank/contract/routes';

/**
 * /login: where to go after signing in (set by the session guard), an email to prefill, and a notice
 * from the page that sent the user there (a password just reset).
 */
export type LoginPageState = { from?: string; email?: string; notice?: 'password_reset' };

/** /reset_pwd: the email a code was sent to (from /forget_pwd), and when, for the resend cool-down. */
export type ResetPasswordPageState = { email?: string; codeSentAtMs?: number };

function isPublicPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return (Object.values(publicPaths) as string[]).includes(pathname);
}

/**
 * Where a complete sign-in lands: the page the user was sent away from, else home; the bank's staff
 * land on the back office. A path is accepted only if it is one of this app's (starts with one "/").
 */
export function landingPathAfterSignIn(from: string | undefined, isStaff: boolean): string {
  const isSafe = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !isPublicPath(from);
  if (isStaff) return isSafe && from.startsWith(pathOf('admin_home')) ? from : pathOf('admin_home');
  return isSafe && !from.startsWith(pathOf('admin_home')) ? from : pathOf('home');
}
