/**
 * `npm run faults` (after `npm run build`): the built server on a PostgreSQL database of its own,
 * its backends terminated every FAULT_INTERVAL_MS (300) for FAULT_SECONDS (30) while
 * FAULT_SHOPPERS shoppers (10) place their orders through the storefront; FAULT_ROUNDS rounds (3).
 * Each shopper starts with a cart, a pickup time and their details made through the API (as the
 * e2e specs start), then goes as a browser without scripts would: the department page, a product
 * page and its Add to Cart, each once whatever it answers; then the cart, checkout, Place Order and
 * the confirmation, each pressed again on a 5xx or no answer (and Place Order on 'There was a
 * problem placing your order') until a minute past the fault.
 *
 * The shopper's session cookie is opened after every answer (the run gives the server its
 * secret): a cart is lost when the session stops naming the shopper's order. Prints the orders
 * placed, the confirmations reached and the carts lost; exits 1 unless every order was placed and
 * reached its shopper's confirmation, with no cart lost.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { seal, unseal } from "../app/.server/sealed-cookie";
import { PG_ADMIN_URL } from "../tests/support/databases";
import { offeredSlots, READY_CUSTOMER, type BlackoutsAnswer } from "../tests/support/ready-order";
import { renderedForm } from "./forms";
import {
  CookieJar,
  ROOT,
  SERVER_BUILD,
  ServerOnOwnDatabase,
  createLog,
  findCatalog,
  json,
  newApiKey,
  type Catalog,
} from "./server";

const SHOPPERS = Number(process.env.FAULT_SHOPPERS ?? 10);
const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 3);
const INTERVAL_MS = Number(process.env.FAULT_INTERVAL_MS ?? 300);
/** How long the backends are terminated for, each round. */
const FAULT_SECONDS = Number(process.env.FAULT_SECONDS ?? 30);
/** How long past the fault a shopper keeps pressing before they count as stranded. */
const GRACE_MS = 60_000;
const RETRY_PAUSE_MS = 300;
const REQUEST_TIMEOUT_MS = 30_000;
/** FAULT_VERBOSE=1: every answer logged. */
const VERBOSE = process.env.FAULT_VERBOSE === "1";
const WATCHDOG_MS = 15 * 60 * 1000;
const DATA_DIR = path.join(ROOT, "data/faults");
const SERVER_LOG = path.join(DATA_DIR, "server.log");
const SESSION_SECRET = randomBytes(24).toString("hex");
const SESSION_COOKIE = "oe_session";
const PLACEMENT_PROBLEM = "There was a problem placing your order. Please try again later.";
const HOUR = 60 * 60 * 1000;
/** Pickup, guests welcome, no card hold: the department a guest places an order in at once. */
const DEPARTMENT = "Deli";

const log = createLog("faults");
const run = new ServerOnOwnDatabase("faults", SERVER_LOG);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- the fault: backends terminated on a timer ---------------------------------------------

interface Terminator {
  stop(): Promise<number>;
}

/** Terminates every backend of `name` each `intervalMs`; `stop` answers how many it ended. */
async function terminateBackendsEvery(name: string, intervalMs: number): Promise<Terminator> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  admin.on("error", () => {});
  await admin.connect();
  let terminated = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const ended = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [name],
      );
      terminated += ended.rowCount ?? 0;
      await pause(intervalMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await admin.end();
      return terminated;
    },
  };
}

// --- one shopper -----------------------------------------------------------------------------

interface Tally {
  /** Storefront answers of 5xx or none, by step. */
  faults: Map<string, number>;
  /** Add to Cart pressed while browsing that went through (303 to the page). */
  adds: number;
  /** Place Order answered 'There was a problem placing your order'. */
  placementProblems: number;
}

class StrandedError extends Error {}

interface Answer {
  status: number;
  location: string | null;
  body: string;
}

class Shopper {
  readonly jar = new CookieJar();
  /** Set when the session stopped naming the order before its confirmation. */
  cartLostAt: string | null = null;
  confirmedNumber: string | null = null;

  /** When a press of Place Order was answered with a fault (5xx, none, or the problem). */
  lastFailedPlacement = 0;

  constructor(
    private readonly base: string,
    readonly orderId: number,
    private readonly tally: Tally,
    /** When the shopper gives up pressing again. */
    private readonly deadline: number,
  ) {}

  /** Waits before pressing again; past the deadline the shopper is stranded on `step`. */
  async pressAgain(step: string, why: string): Promise<void> {
    if (Date.now() > this.deadline) throw new StrandedError(`${step}: ${why} past the fault`);
    await pause(RETRY_PAUSE_MS);
  }

  /** The order the session cookie names now (the cookie opened with the server's secret). */
  sessionOrder(): number | undefined {
    const sealed = this.jar.value(SESSION_COOKIE);
    if (!sealed) return undefined;
    const opened = unseal(sealed, [SESSION_SECRET], SESSION_COOKIE) as
      | { data?: { orderId?: number } }
      | undefined;
    return opened?.data?.orderId;
  }

  /** One request (the session checked after it); null for no answer. */
  async request(step: string, pagePath: string, init: RequestInit = {}): Promise<Answer | null> {
    const headers = new Headers(init.headers);
    if (this.jar.header) headers.set("cookie", this.jar.header);
    let answer: Answer | null = null;
    const started = performance.now();
    try {
      const response = await fetch(this.base + pagePath, {
        ...init,
        headers,
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = await response.text();
      this.jar.update(response);
      answer = { status: response.status, location: response.headers.get("location"), body };
    } catch {
      answer = null;
    }
    if (VERBOSE) {
      const took = Math.round(performance.now() - started);
      log(`order ${this.orderId} ${step}: ${answer ? answer.status : "no answer"} in ${took} ms`);
    }
    if (this.cartLostAt === null && this.sessionOrder() !== this.orderId) {
      this.cartLostAt = `${step} (${answer ? `HTTP ${answer.status}` : "no answer"})`;
    }
    if (!answer || answer.status >= 500) {
      this.tally.faults.set(step, (this.tally.faults.get(step) ?? 0) + 1);
    }
    return answer;
  }

  /** One request, pressed again on a 5xx or no answer; answers the first other answer. */
  async visit(step: string, pagePath: string, init: RequestInit = {}): Promise<Answer> {
    for (;;) {
      const answer = await this.request(step, pagePath, init);
      if (answer && answer.status < 500) return answer;
      await this.pressAgain(step, answer ? `HTTP ${answer.status}` : "no answer");
    }
  }

  /** A page that must answer 200 (a 4xx strands the shopper: the order-required 400, say). */
  async page(step: string, pagePath: string): Promise<string> {
    const answer = await this.visit(step, pagePath);
    if (answer.status !== 200) {
      throw new StrandedError(`${step}: HTTP ${answer.status} ${titleOf(answer.body)}`);
    }
    return answer.body;
  }

  private posting(body: FormData): RequestInit {
    return { method: "POST", headers: { origin: this.base }, body };
  }

  /**
   * Browsing on the way to checkout while the site fails, as a shopper might: the department,
   * a product and its Add to Cart, each once whatever it answers (these pages used to drop the
   * cart on a 503). Then the cart and checkout, pressed again until they answer.
   */
  async journey(storeId: number, departmentId: number, productId: number): Promise<void> {
    const department = `/stores/${storeId}/departments/${departmentId}`;
    await this.request("department", department);
    const productPath = `${department}/products/${productId}`;
    const product = await this.request("product", productPath);
    const form = product?.status === 200 ? renderedForm(product.body, "Add to Cart") : null;
    if (form) {
      const added = await this.request("add to cart", productPath, this.posting(form.data));
      if (added?.status === 303) this.tally.adds += 1;
    }
    await this.page("cart", "/cart");
    // Place Order, and after a fault back to checkout (which sends a placed order on to its
    // confirmation) to press it again.
    for (;;) {
      const checkout = await this.visit("checkout", "/checkout");
      // A placed order sends the checkout on to its confirmation (a redirect of a page load).
      if ([302, 303].includes(checkout.status) && checkout.location === "/confirmation") break;
      if (checkout.status !== 200) {
        throw new StrandedError(`checkout: HTTP ${checkout.status} ${titleOf(checkout.body)}`);
      }
      const form = renderedForm(checkout.body, ">Place Order<");
      if (!form) throw new StrandedError("checkout: no Place Order form");
      const placed = await this.request("place order", "/checkout", this.posting(form.data));
      if (placed?.status === 303 && placed.location === "/confirmation") break;
      const problem = placed?.status === 400 && placed.body.includes(PLACEMENT_PROBLEM);
      if (placed && placed.status < 500 && !problem) {
        throw new StrandedError(`place order: HTTP ${placed.status} ${titleOf(placed.body)}`);
      }
      if (problem) this.tally.placementProblems += 1;
      this.lastFailedPlacement = Date.now();
      await this.pressAgain("place order", placed ? `HTTP ${placed.status}` : "no answer");
    }
    const confirmation = await this.page("confirmation", "/confirmation");
    this.confirmedNumber = /Order Number <strong>([^<]+)<\/strong>/.exec(confirmation)?.[1] ?? null;
  }
}

const titleOf = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.trim() ?? "";

// --- setup through the API (before the fault), as e2e/support/start.ts does ------------------

interface ApiOrder {
  status: string;
  number: string | null;
  placed_at: string | null;
}

/** A cart of one product with a pickup time a day ahead and a customer: ready for checkout. */
async function readyCart(base: string, departmentId: number, productId: number, nth: number) {
  const auth = await newApiKey(base, "faults");
  const headers = { ...auth, "content-type": "application/json" };
  const call = async <T>(method: string, apiPath: string, body?: unknown) =>
    json<{ data: T; meta: never }>(
      await fetch(`${base}/api/1${apiPath}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }),
      `${method} ${apiPath}`,
    );
  const item = await call<{ order_id: number }>("POST", "/items", {
    product_id: productId,
    quantity: 1,
    preferences: [],
    department_id: departmentId,
    source: "website",
  });
  const orderId = item.data.order_id;
  const blackouts = await call("GET", `/blackouts?order_id=${orderId}&source=website`);
  const slot = offeredSlots(blackouts as unknown as BlackoutsAnswer)
    .filter((s) => Date.parse(s.value) > Date.now() + 26 * HOUR)
    .at(nth); // a slot of its own: a slot takes only so many orders (decision 028)
  if (!slot) throw new Error("no pickup slot a day ahead");
  const order = await call<{
    department: { data: { pickup_locations: { data: { id: number }[] } } };
  }>("GET", `/orders/${orderId}?include=department.pickup_locations`);
  await call("PUT", `/orders/${orderId}`, {
    pickup_at: slot.value,
    pickup_location_id: order.data.department.data.pickup_locations.data[0]?.id ?? null,
    customer: READY_CUSTOMER,
  });
  const apiKey = auth.authorization!.slice("Bearer ".length);
  return {
    orderId,
    /** The order as the API has it now (read after the fault, with the shopper's key). */
    read: async () => (await call<ApiOrder>("GET", `/orders/${orderId}`)).data,
    /** The session cookie a browser of this shopper holds. */
    cookie: `${SESSION_COOKIE}=${sealSession({ apiKey, orderId })}`,
  };
}

function sealSession(data: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  return seal({ issuedAt: now, expiresAt: now + 3600, data }, [SESSION_SECRET], SESSION_COOKIE);
}

// --- the run ---------------------------------------------------------------------------------

interface Outcome {
  placed: boolean;
  /** Placed while the backends were being terminated. */
  placedDuringFault: boolean;
  /** Placed by a press whose answer the shopper got as a fault (the report's lost placement). */
  placedUnseen: boolean;
  confirmed: boolean;
  cartLostAt: string | null;
  stranded: string | null;
}

async function round(
  base: string,
  catalog: Catalog,
  departmentId: number,
  products: number[],
  tally: Tally,
  first: number,
): Promise<{ outcomes: Outcome[]; terminated: number }> {
  const carts = await Promise.all(
    Array.from({ length: SHOPPERS }, (_, i) =>
      readyCart(base, departmentId, products[i % products.length]!, first + i),
    ),
  );
  const terminator = await terminateBackendsEvery(run.database!, INTERVAL_MS);
  const faultEnds = Date.now() + FAULT_SECONDS * 1000;
  const terminated = pause(FAULT_SECONDS * 1000).then(() => terminator.stop());
  const shoppers = carts.map((cart) => {
    const shopper = new Shopper(base, cart.orderId, tally, faultEnds + GRACE_MS);
    shopper.jar.set(cart.cookie);
    return shopper;
  });
  const stranded = await Promise.all(
    shoppers.map((shopper, i) =>
      shopper.journey(catalog.storeId, departmentId, products[(i + 1) % products.length]!).then(
        () => null,
        (error: unknown) => {
          if (error instanceof StrandedError) return error.message;
          throw error;
        },
      ),
    ),
  );
  const backendsTerminated = await terminated; // the orders are read once the fault is over
  const outcomes: Outcome[] = [];
  for (const [i, cart] of carts.entries()) {
    const order = await cart.read();
    const shopper = shoppers[i]!;
    const placed = order.status.toLowerCase() !== "incomplete";
    const placedAt = order.placed_at ? Date.parse(order.placed_at) : Infinity;
    outcomes.push({
      placed,
      placedDuringFault: placedAt < faultEnds,
      placedUnseen: placedAt < shopper.lastFailedPlacement,
      confirmed: placed && shopper.confirmedNumber === order.number,
      cartLostAt: shopper.cartLostAt,
      stranded: stranded[i] ?? null,
    });
  }
  return { outcomes, terminated: backendsTerminated };
}

async function main() {
  if (!existsSync(SERVER_BUILD)) throw new Error("no build: run `npm run build` first");
  mkdirSync(DATA_DIR, { recursive: true });
  // Every shopper here shares one address: per-address limits would refuse the run itself.
  const base = await run.start({
    env: { RATE_LIMITS: "off", SESSION_SECRET, FEATURE_ORDER_SYSTEM: "0" },
  });
  const catalog = await findCatalog(base);
  const department = catalog.departments.find((d) => d.name === DEPARTMENT);
  if (!department) throw new Error(`the demo store has no ${DEPARTMENT} to add to with one click`);

  const tally: Tally = { faults: new Map(), adds: 0, placementProblems: 0 };
  const outcomes: Outcome[] = [];
  let terminated = 0;
  for (let n = 1; n <= ROUNDS; n++) {
    const result = await round(
      base,
      catalog,
      department.id,
      department.products,
      tally,
      outcomes.length,
    );
    outcomes.push(...result.outcomes);
    terminated += result.terminated;
    log(`round ${n}: ${result.outcomes.filter((o) => o.confirmed).length}/${SHOPPERS} confirmed`);
    for (const o of result.outcomes) {
      if (o.stranded || o.cartLostAt)
        log(`  stranded: ${o.stranded}; cart lost at: ${o.cartLostAt}`);
    }
  }

  const placed = outcomes.filter((o) => o.placed).length;
  const confirmed = outcomes.filter((o) => o.confirmed).length;
  const lost = outcomes.filter((o) => o.cartLostAt !== null);
  const stranded = outcomes.filter((o) => o.stranded !== null);
  const lines = [
    `Fault run: PostgreSQL backends terminated every ${INTERVAL_MS} ms while ${SHOPPERS} shoppers ` +
      `place orders through the storefront, ${ROUNDS} rounds`,
    `backends terminated: ${terminated}`,
    `storefront answers of 5xx or none: ${
      [...tally.faults].map(([step, n]) => `${step} ${n}`).join(", ") || "none"
    }`,
    `Add to Cart pressed once while browsing, went through: ${tally.adds} of ${outcomes.length}`,
    `Place Order answered 'There was a problem placing your order': ${tally.placementProblems}`,
    `orders placed: ${placed} of ${outcomes.length} ` +
      `(${outcomes.filter((o) => o.placedDuringFault).length} while the backends were being terminated)`,
    `placed while the shopper's press was answered with a fault: ${
      outcomes.filter((o) => o.placedUnseen).length
    }`,
    `confirmations reached: ${confirmed} of ${placed} placed`,
    `carts lost: ${lost.length}`,
    ...lost.map((o) => `  cart lost at ${o.cartLostAt}`),
    `shoppers stranded: ${stranded.length}`,
    ...stranded.map((o) => `  ${o.stranded}`),
  ];
  process.stdout.write(lines.join("\n") + "\n");
  if (placed !== outcomes.length || confirmed !== placed || lost.length || stranded.length) {
    throw new Error(
      "an order was not placed, a placed order missed its confirmation, or a cart was lost",
    );
  }
}

await run.runBounded(main, WATCHDOG_MS);
