import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type RecordedRequest = {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  atMs: number;
};

export type LocalServer = {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  requests: RecordedRequest[];
  /** Sockets ever accepted (a refused fetch must not even connect). */
  connections: number;
  close(): Promise<void>;
};

export type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** An HTTP server on 127.0.0.1 with a random port that records what reaches it. */
export async function startServer(
  handler: Handler,
  server: Server = createServer(),
): Promise<LocalServer> {
  const sockets = new Set<Socket>();
  const state = { requests: [] as RecordedRequest[], connections: 0 };
  server.on("connection", (socket: Socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    state.requests.push({
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      atMs: performance.now(),
    });
    Promise.resolve(handler(req, res)).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    get requests() {
      return state.requests;
    },
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export { waitFor } from "./wait-for.ts";
