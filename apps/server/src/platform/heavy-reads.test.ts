import { describe, expect, it } from 'vitest';
import { migratedPgliteTemplate } from './database-template.ts';
import { openDatabase } from './db.ts';
import { heavyReadsChoosing, replicaAnswerTimeoutMs, type WalPositions } from './heavy-reads.ts';
import { createTestDatabase } from './test-database.ts';

const databases = { primary: 'the primary', replica: 'the replica' };
/** Where the two servers stand, as their own queries would answer. */
const positionsAt = (written: string, replayed: string | null): WalPositions => ({
  primary: async () => written,
  replica: async () => replayed,
});
/** No server listens on port 1: a connection is refused at once. */
const unreachableReplicaUrl = 'postgres://postgres@127.0.0.1:1/replica';

describe('the choice of database for a heavy read', () => {
  it('reads from the primary while the replica has not replayed its latest writes', async () => {
    // 0/9000000 is before 0/10000000, though it sorts after it as text.
    const choice = heavyReadsChoosing(databases, positionsAt('0/10000000', '0/9000000'));
    expect(await choice.forHeavyRead()).toBe('the primary');
    expect(choice.heavyReads).toEqual({ replica: 0, replicaBehind: 1, replicaUnreachable: 0 });
  });

  it('reads from the replica once it has replayed as far as the primary had written', async () => {
    for (const [written, replayed] of [
      ['0/10000000', '0/10000000'],
      ['0/FFFFFFFF', '1/0'],
      ['2A/B374D848', '2A/B374E000'],
    ] as const) {
      const choice = heavyReadsChoosing(databases, positionsAt(written, replayed));
      expect(await choice.forHeavyRead()).toBe('the replica');
      expect(choice.heavyReads).toEqual({ replica: 1, replicaBehind: 0, replicaUnreachable: 0 });
    }
  });

  it('never trusts a server that replays nothing (not a standby, or promoted)', async () => {
    const choice = heavyReadsChoosing(databases, positionsAt('0/16B3748', null));
    expect(await choice.forHeavyRead()).toBe('the primary');
    expect(choice.heavyReads.replicaBehind).toBe(1);
  });

  it('reads from the primary, without an error, when the replica fails or does not answer in time', async () => {
    const failing = heavyReadsChoosing(databases, {
      primary: async () => '0/1',
      replica: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    });
    expect(await failing.forHeavyRead()).toBe('the primary');
    const silent = heavyReadsChoosing(databases, { primary: async () => '0/1', replica: () => new Promise(() => {}) });
    const startedAt = Date.now();
    expect(await silent.forHeavyRead()).toBe('the primary');
    // Answered once the wait ran out, not never (a busy machine may take some seconds more).
    expect(Date.now() - startedAt).toBeLessThan(replicaAnswerTimeoutMs + 5_000);
    expect([failing.heavyReads.replicaUnreachable, silent.heavyReads.replicaUnreachable]).toEqual([1, 1]);
  });

  it('leaves a failing primary to the read itself (the choice answers, the read then fails as any call)', async () => {
    const choice = heavyReadsChoosing(databases, {
      primary: async () => {
        throw new Error('connection terminated');
      },
      replica: async () => '0/1',
    });
    expect(await choice.forHeavyRead()).toBe('the primary');
  });
});

describe('the embedded database', () => {
  it('ignores DATABASE_READ_URL: every heavy read is its own, and no replica is asked', async () => {
    const database = await openDatabase({
      dataDir: '',
      databaseUrl: undefined,
      pgliteTemplate: await migratedPgliteTemplate(),
      databaseReadUrl: unreachableReplicaUrl,
    });
    try {
      expect(await database.forHeavyRead()).toBe(database.db);
      expect(database.heavyReads).toEqual({ replica: 0, replicaBehind: 0, replicaUnreachable: 0 });
    } finally {
      await database.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('a replica that refuses connections (PostgreSQL)', () => {
  it('sends heavy reads to the primary and counts the replica unreachable', async () => {
    const database = await createTestDatabase(undefined, { databaseReadUrl: unreachableReplicaUrl });
    try {
      expect(await database.forHeavyRead()).toBe(database.db);
      expect(await database.forHeavyRead()).toBe(database.db);
      expect(database.heavyReads).toEqual({ replica: 0, replicaBehind: 0, replicaUnreachable: 2 });
    } finally {
      await database.close();
    }
  });
});
