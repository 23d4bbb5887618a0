/**
 * The real server (server/main.ts's `start`, with its own SIGINT/SIGTERM handling) in a process
 * of its own, for tests of how it stops:
 *   node tests/helpers/server-child.ts --role=worker      (configured by the environment)
 * Prints "started <role>" once it runs.
 */
import { start } from "../../server/main.ts";

const running = await start(process.argv);
process.stdout.write(`started ${running.role}\n`);
