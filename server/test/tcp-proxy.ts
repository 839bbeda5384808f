import net from 'node:net';

export type TcpProxy = Awaited<ReturnType<typeof startProxy>>;

/**
 * A TCP proxy in front of a service (PostgreSQL, a bucket), at will cut off (listener closed, every connection destroyed), silent (nothing
 * passes either way and new connections are taken and never answered, as when a network drops packets), and back.
 */
export async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const pairs = new Set<[net.Socket, net.Socket]>();
  let silent = false;
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (silent) return;
    const upstream = net.connect(target.port, target.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    for (const socket of pair) {
      socket.on('error', () => socket.destroy());
      socket.on('close', () => {
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    cut() {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
    silence() {
      silent = true;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
      }
    },
    async restore() {
      if (!silent) return listen(port);
      silent = false;
      // What was sent meanwhile arrives now, as over a network that heals; connections never answered are dropped.
      for (const socket of sockets) if (![...pairs].some((pair) => pair.includes(socket))) socket.destroy();
      for (const [client, upstream] of pairs) client.pipe(upstream).pipe(client);
    },
    close() {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}
