/**
 * Scale-out (docs/scaling.md): two API processes on one database — PostgreSQL in `test:api:pg`,
 * one SQLite file in `test:unit` — each with its own connections, and shoppers whose calls land on
 * either. Orders made on one are found and placed on the other; the same placement sent to both
 * at once is submitted once; the last units go to as many carts as there are, never more.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api";
import {
  place,
  plainProduct,
  readyToPlace,
  remainingStock,
  setStock,
  storedTotals,
} from "../support/orders";

let api: TestApi;
const children: ChildProcess[] = [];
let servers: TestApi[] = [];

/** Another process serving the API over the same database; resolves with its /api/1 URL. */
function startApiProcess(databaseUrl: string): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/api-process.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk) => {
      out += String(chunk);
      const port = /"port":(\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}/api/1`);
    });
    child.once("exit", (code) => reject(new Error(`the API process exited with ${code}`)));
  });
}

/** The test's helpers, pointed at one of the processes (same key, same database). */
function through(url: string): TestApi {
  const call: TestApi["call"] = (method, path, opts = {}) => {
    const key = opts.key === undefined ? api.key : opts.key;
    const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    return fetch(url + path, { method, headers, body });
  };
  return { ...api, url, call };
}

// Two API processes start under tsx: on a busy machine that takes well over a minute.
beforeAll(async () => {
  api = await startTestApi();
  const urls = await Promise.all([startApiProcess(api.db.url), startApiProcess(api.db.url)]);
  servers = urls.map(through);
}, 150_000);

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.removeAllListeners("exit");
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    ),
  );
  await api.close();
});

describe("two API processes on one database", () => {
  it("find, change and place on one an order made on the other", async () => {
    const [a, b] = servers as [TestApi, TestApi];
    const id = await readyToPlace(a, 2);
    expect((await place(b, id, "one-tab")).status).toBe(200);
    const read = await a.call("GET", `/orders/${id}`);
    expect(read.status).toBe(200);
    expect((await read.json()).data.status).toBe("submitted");
    const { order, itemsSum } = await storedTotals(api, id);
    expect(order.subtotal).toBe(itemsSum);
  });

  it("submit once a placement sent to both at the same moment, and take its stock once", async () => {
    const [a, b] = servers as [TestApi, TestApi];
    const product = await plainProduct(api, 1);
    await setStock(api, product, 40);
    const orders: number[] = [];
    for (let i = 0; i < 6; i++) orders.push(await readyToPlace(i % 2 ? a : b, 2, product));
    const answers = await Promise.all(
      orders.flatMap((id) => [place(a, id, `tab-${id}`), place(b, id, `tab-${id}`)]),
    );
    // Both copies of each placement see the one submitted order.
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    for (const id of orders) {
      expect((await storedTotals(api, id)).order.status).toBe("submitted");
    }
    expect(await remainingStock(api, product)).toBe(40 - 6 * 2);
  });

  it("give the last units to as many carts as there are units, whichever process places them", async () => {
    const [a, b] = servers as [TestApi, TestApi];
    const product = await plainProduct(api, 2);
    await setStock(api, product, 3);
    const carts: number[] = [];
    for (let i = 0; i < 8; i++) carts.push(await readyToPlace(a, 1, product));
    const answers = await Promise.all(carts.map((id, i) => place(i % 2 ? a : b, id)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    for (const answer of answers.filter((r) => r.status !== 200)) expect(answer.status).toBe(422);
    expect(await remainingStock(api, product)).toBe(0);
  });
});
