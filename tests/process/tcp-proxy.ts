import net from 'node:net'

/**
 * A TCP proxy between the shop and a PostgreSQL server the test must not restart (the
 * machine's): `refuse()` drops every connection and stops listening, as a server going down
 * does; `accept()` listens again on the same port, as the server coming back. `freeze()` keeps
 * every connection open but passes nothing on, as a server stopped dead (SIGSTOP, a network
 * gone silent) does; `thaw()` lets the bytes flow again.
 */
export interface TcpProxy {
  readonly port: number
  refuse(): Promise<void>
  accept(): Promise<void>
  freeze(): void
  thaw(): void
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>()
  let frozen = false
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      // either side gone (or failed) ends the pair
      const end = () => {
        sockets.delete(socket)
        client.destroy()
        upstream.destroy()
      }
      socket.on('close', end)
      socket.on('error', end)
    }
    client.pipe(upstream).pipe(client)
    // after pipe(), which would set them flowing
    if (frozen) for (const socket of [client, upstream]) socket.pause()
  })
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve((server.address() as net.AddressInfo).port)
      })
    })
  const port = await listen(0)
  const refuse = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    for (const socket of sockets) socket.destroy()
    await closed
  }
  return {
    port,
    refuse,
    accept: async () => void (await listen(port)),
    freeze() {
      frozen = true
      for (const socket of sockets) socket.pause()
    },
    thaw() {
      frozen = false
      for (const socket of sockets) socket.resume()
    },
    close: async () => {
      if (server.listening) await refuse()
    },
  }
}
