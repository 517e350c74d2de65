/**
 * What /user_info (My account) loads first: the user and, as the user's answer allows, the recovery
 * codes' count, the sessions and the passkeys; started before the page's code has arrived
 * (app/page-data.ts).
 */
import { getRecoveryCodeStatus, listSessions } from '@bank/contract/account';
import { listPasskeys } from '@bank/contract/passkeys';
import { prefetchUserInfo } from '../../api/user-info.ts';
import { prefetchScreenData } from '../../lib/screen-query.ts';

/** Starts the count's load before the account page's code has arrived, for a user with an authenticator. */
function prefetchRecoveryCodeStatus() {
  return prefetchScreenData(getRecoveryCodeStatus, {});
}

/** Starts the sessions' load before the account page's code has arrived. */
function prefetchSessions() {
  return prefetchScreenData(listSessions, {});
}

/** Starts the passkeys' load before the account page's code has arrived. */
function prefetchPasskeys() {
  return prefetchScreenData(listPasskeys, {});
}

export function loadAccountPage(): void {
  // The page's cards wait for the user, and show what the user's answer allows.
  void prefetchUserInfo().then((user) => {
    if (user?.is_authenticator_paired) void prefetchRecoveryCodeStatus();
    if (user && !user.must_pair_authenticator) {
      void prefetchSessions();
      void prefetchPasskeys();
    }
  });
}
