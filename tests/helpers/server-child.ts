/**
 * The real server (server/main.ts's `start`, with its own SIGINT/SIGTERM handling) in a process
 * of its own, for tests of how it stops or dies:
 *   node tests/helpers/server-child.ts --role=worker      (configured by the environment)
 * Prints "started <role> <name>" once it runs (the name in lease_owner columns on PostgreSQL).
 */
import { start } from "../../server/main.ts";

const running = await start(process.argv);
process.stdout.write(`started ${running.role} ${running.presence?.name ?? ""}\n`);
