import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type Violation = AxeResults["violations"][number];
type AxePage = ConstructorParameters<typeof AxeBuilder>[0]["page"];

/** One line per failing element: what a reviewer needs to find and fix it. */
export function formatViolations(violations: Violation[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map(
      (node) =>
        `${v.id} (${v.impact ?? "n/a"}): ${v.help} — target ${JSON.stringify(node.target)}` +
        (node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, " ").trim()}` : ""),
    ),
  );
}

/**
 * Runs axe on the page as it is now (an open dialog included) and fails with a readable list of
 * violations. The full axe output is attached to the report when anything is found.
 */
export async function expectNoAxeViolations(
  page: Page,
  testInfo: TestInfo = test.info(),
  options: { exclude?: string[] } = {},
): Promise<void> {
  // @axe-core/playwright types `page` from its own peer playwright-core (npm placed 1.65 at the
  // top level); it only calls page methods that 1.56 has too.
  let builder = new AxeBuilder({ page: page as unknown as AxePage }).withTags(AXE_TAGS);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  if (results.violations.length > 0) {
    await testInfo.attach(`axe-violations ${page.url()}`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: "application/json",
    });
  }
  expect(formatViolations(results.violations), `axe violations on ${page.url()}`).toEqual([]);
}
