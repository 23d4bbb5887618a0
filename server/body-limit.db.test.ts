import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPerson,
  createTestApp,
  type ServedApp,
  serveOnLoopback,
} from "../tests/helpers/app.ts";
import { setupTestDatabase } from "../tests/helpers/db.ts";

const database = setupTestDatabase();

let served: ServedApp;
let testApp: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  testApp = await createTestApp(database.current, { env: { IMPORT_MAX_BYTES: "3000000" } });
  served = await serveOnLoopback(testApp.app);
});
afterAll(async () => {
  await served.close();
});

/**
 * POSTs a chunked body of up to `totalBytes` and stops sending as soon as a response
 * arrives or the server closes the connection. Says what came back and how much was sent.
 */
function streamBody(
  path: string,
  totalBytes: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; sentBytes: number }> {
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let isAnswered = false;
    const chunk = Buffer.alloc(64 * 1024, "a");
    const req = httpRequest(`${served.origin}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: testApp.services.env.PUBLIC_URL,
        ...headers,
      },
    });
    req.on("response", (res) => {
      isAnswered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        body += d;
      });
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sentBytes });
      });
    });
    req.on("error", (error) => {
      if (!isAnswered) reject(error);
    });
    req.write('{"email":"a@example.test","password":"');
    const pump = () => {
      while (!isAnswered && !req.destroyed && sentBytes < totalBytes) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!isAnswered && !req.destroyed) req.end('"}');
    };
    pump();
  });
}

describe("request body limits", () => {
  it("answers a 256 MB unauthenticated sign-in POST with 413 long before the body ends", async () => {
    const before = process.memoryUsage();
    const result = await streamBody("/api/auth/sign-in/email", 256 * 1024 * 1024);
    const after = process.memoryUsage();
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({
      error: { code: "payload_too_large", message: "The request body is larger than 1 MB." },
    });
    // Refused after about 1 MB (plus what the socket buffers held), not after 256 MB.
    expect(result.sentBytes).toBeLessThan(32 * 1024 * 1024);
    const grownMb =
      (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / 1024 / 1024;
    expect(grownMb).toBeLessThan(64);
  });

  it("refuses a declared Content-Length over the limit without reading it", async () => {
    const response = await testApp.app.request(
      `${testApp.services.env.PUBLIC_URL}/api/auth/sign-in/email`,
      {
        method: "POST",
        headers: {
          origin: testApp.services.env.PUBLIC_URL,
          "content-type": "application/json",
          "content-length": String(400 * 1024 * 1024),
        },
        body: "{}",
      },
    );
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("payload_too_large");
  });

  it("caps page form posts at 1 MB too", async () => {
    const result = await streamBody("/login", 8 * 1024 * 1024, {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(result.status).toBe(413);
  });

  it("gives the import its own, larger limit", async () => {
    const person = await createPerson(testApp.request);
    // 2 MB: over the standard limit, within this app's IMPORT_MAX_BYTES (3 MB).
    const twoMb = await streamBody("/api/v1/import", 2 * 1024 * 1024, person.auth);
    expect(twoMb.status).toBe(400);
    const fourMb = await streamBody("/api/v1/import", 4 * 1024 * 1024, person.auth);
    expect(fourMb.status).toBe(413);
    expect(JSON.parse(fourMb.body).error.message).toBe("The request body is larger than 2.9 MB.");
  });
});
