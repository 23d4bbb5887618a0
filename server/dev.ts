import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createServer as createViteServer } from "vite";
import { getEnv } from "../core/env.ts";

// `npm run dev`: Vite in middleware mode in front of the same Hono app, reloaded on edit.
const env = getEnv();
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });

const server = createServer((req, res) => {
  vite.middlewares(req, res, async () => {
    try {
      const entry = (await vite.ssrLoadModule("/server/main.ts")) as typeof import("./main.ts");
      const app = await entry.createDevApp();
      await getRequestListener(app.fetch)(req, res);
    } catch (error) {
      vite.ssrFixStacktrace(error as Error);
      console.error(error);
      res.statusCode = 500;
      res.end("Dev server error; see the terminal.");
    }
  });
});

server.listen(env.PORT, env.HOST, () => {
  console.log(`Dropwave dev server on http://${env.HOST}:${env.PORT}`);
});
