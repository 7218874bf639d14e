import { useRouteLoaderData } from "@remix-run/react";
import type { ShellData } from "~/lib/shell-data";

/** The root loader's data; undefined when the root loader itself failed. */
export function useShellData(): ShellData | undefined {
  return useRouteLoaderData<ShellData>("root");
}
