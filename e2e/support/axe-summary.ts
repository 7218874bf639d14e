/**
 * A reporter that sums up the run's axe coverage from the annotations ./test.ts leaves on each
 * test: the distinct page states scanned (their keys, see ./axe.ts), the scans run, the states
 * not scanned again because the run had scanned them (in any worker), the states left unscanned
 * (each one fails its test), and those left unscanned whose key another test had scanned: they
 * pass, but only while that other test runs first, so the list names tests to give a scan of
 * their own. Prints one line at the end and writes the figures to `outputFile`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export default class AxeSummary implements Reporter {
  private readonly keys = new Set<string>();
  private scans = 0;
  private cached = 0;
  private readonly unscanned: string[] = [];
  private readonly leftCovered: string[] = [];

  constructor(private readonly options: { outputFile: string }) {}

  onTestEnd(test: TestCase, result: TestResult): void {
    for (const { type, description = "" } of result.annotations) {
      if (type === "axe-states") for (const key of JSON.parse(description)) this.keys.add(key);
      else if (type === "axe") this.scans += Number.parseInt(description, 10) || 0;
      else if (type === "axe-cached") this.cached += Number.parseInt(description, 10) || 0;
      else if (type === "axe-unscanned")
        this.unscanned.push(...description.split(" ").map((url) => `${test.title}: ${url}`));
      else if (type === "axe-left-covered")
        this.leftCovered.push(...description.split(" ").map((url) => `${test.title}: ${url}`));
    }
  }

  onEnd(): void {
    const summary = {
      distinctStatesScanned: this.keys.size,
      scans: this.scans,
      statesAlreadyScanned: this.cached,
      statesLeftUnscanned: this.unscanned.length,
      unscanned: this.unscanned,
      statesLeftCoveredByAnotherTest: this.leftCovered.length,
      leftCovered: this.leftCovered,
      states: [...this.keys].sort(),
    };
    mkdirSync(dirname(this.options.outputFile), { recursive: true });
    writeFileSync(this.options.outputFile, `${JSON.stringify(summary, null, 2)}\n`);
    console.log(
      `axe: ${summary.distinctStatesScanned} distinct page states scanned (${summary.scans} scans, ` +
        `${summary.statesAlreadyScanned} states already scanned in the run), ` +
        `${summary.statesLeftUnscanned} left unscanned, ${summary.statesLeftCoveredByAnotherTest} ` +
        `left to another test's scan; see ${this.options.outputFile}`,
    );
  }

  printsToStdio(): boolean {
    return false;
  }
}
