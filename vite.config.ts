import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The server build's entry is server/main.ts: Hono, the API and React Router in one bundle,
// so a process has one copy of every module (see docs/ARCHITECTURE.md).
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    ssr: {
      build: {
        rolldownOptions: { input: "./server/main.ts" },
      },
    },
  },
  optimizeDeps: {
    include: ["@tanstack/react-query", "sonner"],
  },
  server: { hmr: { port: 24_678 } },
});
