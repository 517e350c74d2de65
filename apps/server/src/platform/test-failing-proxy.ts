/**
 * Test support: a TCP proxy in front of the PostgreSQL server of DATABASE_URL, which a test fails
 * the way a failover does: every connection through it cut at once, new ones refused until it is
 * restored, or the connection that sends COMMIT cut before the server sees it.
 */
import net from 'node:net';

export type FailingProxy = {
  /** `databaseUrl` with the proxy's address in place of the server's. */
  url: string;
  /** Cuts every connection open through the proxy. */
  cutAll(): void;
  /** While true, a new connection is closed as soon as it is made (no leader to send it to). */
  refuseNew(isRefusing: boolean): void;
  /** The next connection to send COMMIT is cut instead, so that the server never receives it. */
  cutOnCommit(): void;
  close(): Promise<void>;
};

/** A simple-protocol query message ('Q', its length, the text and a NUL) whose text is COMMIT. */
function isCommitMessage(chunk: Buffer): boolean {
  return (
    chunk[0] === 0x51 &&
    /^commit;?$/i.test(
      chunk
        .subarray(5, chunk.length - 1)
        .toString('utf8')
        .trim(),
    )
  );
}

export async function startFailingProxy(databaseUrl: string): Promise<FailingProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  let isRefusing = false;
  let isCuttingOnCommit = false;
  const server = net.createServer((client) => {
    if (isRefusing) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair = [client, upstream];
    for (const socket of pair) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        for (const other of pair) other.destroy();
      });
    }
    client.on('data', (chunk: Buffer) => {
      if (isCuttingOnCommit && isCommitMessage(chunk)) {
        isCuttingOnCommit = false;
        for (const socket of pair) socket.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: url.toString(),
    cutAll,
    refuseNew(refusing) {
      isRefusing = refusing;
    },
    cutOnCommit() {
      isCuttingOnCommit = true;
    },
    async close() {
      cutAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
