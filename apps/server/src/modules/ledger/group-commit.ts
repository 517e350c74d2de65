/**
 * Group commit (TigerBeetle's batching): stand-alone ledger calls made at once, each
 * asked with the database itself rather than inside a business transaction, go to the database
 * together as one statement and one commit (`ledger_transfer_group`, migration 0031).
 *
 * A call is never kept waiting for company: when fewer than `groupsInFlight` groups are at the
 * database, what is waiting leaves at once (a lone call goes alone). Only while the database is
 * busy do calls gather, so a group grows with the load and its one commit, one round trip and one
 * lock of a busy account are shared by all its calls.
 *
 * Each call keeps its own answer: a group is all or nothing in the database, and when any of its
 * transfers is refused (want of funds, a key used for another transfer, a deadlock) every call of
 * the group is asked again on its own, so that each gets its own outcome or refusal.
 */

/** One ledger call: its transfers commit together or not at all. */
type Call<Item, Answer> = {
  items: readonly Item[];
  resolve(answers: Answer[]): void;
  reject(error: unknown): void;
};

export type GroupCommitOptions<Item, Answer> = {
  /** Transfers that commit together or not at all, answered in the order given; throws when any is refused. */
  commit(items: readonly Item[]): Promise<Answer[]>;
  /** Groups at the database at once (a pool's connections let a second group run while one commits). */
  groupsInFlight: number;
  /** The most transfers in one group, so that no group holds its locks for long. */
  maxItems: number;
};

export type GroupCommitter<Item, Answer> = { submit(items: readonly Item[]): Promise<Answer[]> };

export function groupCommitter<Item, Answer>(options: GroupCommitOptions<Item, Answer>): GroupCommitter<Item, Answer> {
  const waiting: Call<Item, Answer>[] = [];
  let inFlight = 0;
  let isDispatchQueued = false;

  function takeGroup(): Call<Item, Answer>[] {
    const group: Call<Item, Answer>[] = [];
    let size = 0;
    for (const call of waiting) {
      if (group.length > 0 && size + call.items.length > options.maxItems) break;
      group.push(call);
      size += call.items.length;
    }
    waiting.splice(0, group.length);
    return group;
  }

  async function settleAlone(call: Call<Item, Answer>): Promise<void> {
    try {
      call.resolve(await options.commit(call.items));
    } catch (error) {
      call.reject(error);
    }
  }

  async function commit(group: Call<Item, Answer>[]): Promise<void> {
    const [only] = group;
    if (only && group.length === 1) return settleAlone(only);
    let answers: Answer[];
    try {
      answers = await options.commit(group.flatMap((call) => call.items));
    } catch {
      // Nothing of the group was written: each call is asked again alone for its own outcome.
      await Promise.all(group.map(settleAlone));
      return;
    }
    let offset = 0;
    for (const call of group) {
      call.resolve(answers.slice(offset, offset + call.items.length));
      offset += call.items.length;
    }
  }

  function dispatch(): void {
    isDispatchQueued = false;
    while (inFlight < options.groupsInFlight && waiting.length > 0) {
      inFlight += 1;
      void commit(takeGroup()).finally(() => {
        inFlight -= 1;
        dispatch();
      });
    }
  }

  return {
    submit(items) {
      return new Promise<Answer[]>((resolve, reject) => {
        waiting.push({ items, resolve, reject });
        // Calls made in the same turn of the event loop leave together.
        if (!isDispatchQueued) {
          isDispatchQueued = true;
          queueMicrotask(dispatch);
        }
      });
    },
  };
}
