/**
 * Where the storefront in this process finds the API it serves (decision 045): at each loopback
 * address of this server's port, the addresses API_URL may name it by (its default is the first).
 */
import { registerInProcessApi, type InProcessApi } from "@core/contract/in-process";

const LOOPBACK_ORIGINS = ["http://127.0.0.1", "http://localhost", "http://[::1]"];

export function registerInProcessApiAtPort(port: number, api: InProcessApi): () => void {
  const unregister = LOOPBACK_ORIGINS.map((origin) =>
    registerInProcessApi(`${origin}:${port}/api/1`, api),
  );
  return () => unregister.forEach((each) => each());
}
