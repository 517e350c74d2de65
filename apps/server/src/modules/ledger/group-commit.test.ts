import { describe, expect, it } from 'vitest';
import { groupCommitter } from './group-commit.ts';

type Item = { name: string; isRefused?: boolean };

/** A database stand-in: each commit waits until the test lets it finish, and keeps what it was given. */
function recordingDatabase() {
  const commits: string[][] = [];
  const finishers: (() => void)[] = [];
  const commit = async (items: readonly Item[]) => {
    commits.push(items.map((item) => item.name));
    await new Promise<void>((resolve) => finishers.push(resolve));
    const refused = items.find((item) => item.isRefused);
    if (refused) throw new Error(`refused ${refused.name}`);
    return items.map((item) => `done ${item.name}`);
  };
  return {
    commits,
    commit,
    /** Lets every commit started so far finish, and the calls they answer run on. */
    async finishAll() {
      for (const finish of finishers.splice(0)) finish();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('sends a lone call at once, alone', async () => {
    const database = recordingDatabase();
    const committer = groupCommitter({ ...database, groupsInFlight: 1, maxItems: 10 });
    const answer = committer.submit([{ name: 'a' }]);
    await turn();
    expect(database.commits).toEqual([['a']]);
    await database.finishAll();
    expect(await answer).toEqual(['done a']);
  });

  it('gathers the calls made while the database is busy into one group, each answered its own part', async () => {
    const database = recordingDatabase();
    const committer = groupCommitter({ ...database, groupsInFlight: 1, maxItems: 10 });
    const first = committer.submit([{ name: 'a' }]);
    await turn();
    const second = committer.submit([{ name: 'b' }, { name: 'c' }]);
    const third = committer.submit([{ name: 'd' }]);
    await turn();
    expect(database.commits).toHaveLength(1);
    await database.finishAll();
    expect(database.commits[1]).toEqual(['b', 'c', 'd']);
    await database.finishAll();
    expect(await Promise.all([first, second, third])).toEqual([['done a'], ['done b', 'done c'], ['done d']]);
  });

  it('keeps a group within its size, never splitting a call', async () => {
    const database = recordingDatabase();
    const committer = groupCommitter({ ...database, groupsInFlight: 1, maxItems: 3 });
    void committer.submit([{ name: 'a' }]);
    await turn();
    for (const names of [['b', 'c'], ['d', 'e'], ['f']]) void committer.submit(names.map((name) => ({ name })));
    await turn();
    await database.finishAll();
    await database.finishAll();
    await database.finishAll();
    expect(database.commits).toEqual([['a'], ['b', 'c'], ['d', 'e', 'f']]);
  });

  it('asks every call of a refused group again on its own, so only the refused call fails', async () => {
    const database = recordingDatabase();
    const committer = groupCommitter({ ...database, groupsInFlight: 1, maxItems: 10 });
    void committer.submit([{ name: 'a' }]);
    await turn();
    const calls = [
      committer.submit([{ name: 'b' }]),
      committer.submit([{ name: 'c', isRefused: true }]),
      committer.submit([{ name: 'd' }]),
    ];
    const outcomes = Promise.allSettled(calls);
    await database.finishAll();
    await database.finishAll();
    await database.finishAll();
    expect(database.commits.slice(1)).toEqual([['b', 'c', 'd'], ['b'], ['c'], ['d']]);
    expect((await outcomes).map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('runs as many groups at once as it is allowed', async () => {
    const database = recordingDatabase();
    const committer = groupCommitter({ ...database, groupsInFlight: 2, maxItems: 10 });
    void committer.submit([{ name: 'a' }]);
    await turn();
    void committer.submit([{ name: 'b' }]);
    await turn();
    void committer.submit([{ name: 'c' }]);
    void committer.submit([{ name: 'd' }]);
    await turn();
    expect(database.commits).toEqual([['a'], ['b']]);
    await database.finishAll();
    expect(database.commits).toEqual([['a'], ['b'], ['c', 'd']]);
  });
});
