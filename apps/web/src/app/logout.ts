/**
 * Ending a session: the exit-login call (made silently: the user is leaving anyway, and after a
 * long idle period the server may already have expired the session), then all storage cleared,
 * the cached server data dropped, and the user sent to /login. The language the user chose is kept.
 */
import { publicPaths } from '@bank/contract/routes';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { callApi, requestHeaders } from '../lib/api-client.ts';
import { currentLanguage } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { clearAllStorage, writeLanguage } from '../lib/session-storage.ts';

async function exitLogin(headers: Record<string, string>): Promise<void> {
  // Loaded on use: the account module of the contract carries the schemas of every identity form.
  const account = await import('@bank/contract/account');
  await callApi(account.exitLogin, {}, { isSilent: true, headers });
}

function endSession(): void {
  // The headers are taken before the storage is cleared: the call must carry this session's token.
  exitLogin(requestHeaders()).catch(() => undefined);
  const language = currentLanguage();
  clearAllStorage();
  writeLanguage(language);
  queryClient.clear();
}

/** Ends the session and goes to /login; what "Log out" and the inactivity dialog do. */
export function useLogOut(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    endSession();
    void navigate(publicPaths.login, { replace: true });
  }, [navigate]);
}
