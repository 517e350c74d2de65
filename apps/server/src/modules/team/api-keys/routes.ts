/** The API key calls of the team page (team/apiKey/*, permission `team`, the administrator only). */
import { createApiKey, listApiKeys, revokeApiKey } from '@bank/contract/api-keys';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../../platform/db.ts';
import { registerCall } from '../../../platform/route.ts';
import type { SecretBox } from '../../../platform/secret-box.ts';
import { teamActorOf } from '../team-actions.ts';
import * as keys from './keys.ts';

export function registerApiKeyCalls(app: FastifyInstance, db: AppDatabase, secretBox: SecretBox): void {
  registerCall(app, listApiKeys, (_body, call) => keys.listApiKeys(db, teamActorOf(call)));
  registerCall(app, createApiKey, (body, call) =>
    keys.createApiKey(call.transaction ?? db, secretBox, teamActorOf(call), body),
  );
  registerCall(app, revokeApiKey, (body, call) =>
    db.transaction((tx) => keys.revokeApiKey(tx, teamActorOf(call), body.key_id)),
  );
}
