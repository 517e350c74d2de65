/**
 * The header's approvals badge's one call, in a file of its own: the badge is on every signed-in page
 * of a user who approves payouts, and importing it from payouts.ts brought that file's whole contract
 * (the IBAN and address checks, their hashing libraries) into every such page (bench/README.md).
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';

export const countPendingApprovals = defineCall({
  path: '/api/v1/withdraw/approval/count',
  permission: 'approve_payouts',
  isKycGated: true,
  summary: 'How many payouts wait for approval (the header badge)',
  request: z.object({}).strict(),
  response: z.object({ count: z.number().int() }),
});
