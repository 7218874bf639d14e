import { describe, expect, it } from "vitest";
import { readNutritionPanel } from "~/.server/nutrition-panel";

describe("readNutritionPanel", () => {
  it("reads the caption and the rows of the API's facts table as text", () => {
    const html =
      '<table class="nutrition-facts"><caption>Nutrition Facts: Mac &amp; Cheese</caption><tr><th scope="row">Servings</th><td>8</td></tr><tr><th scope="row">Sodium</th><td>480mg</td></tr></table>';
    expect(readNutritionPanel(html)).toEqual({
      caption: "Nutrition Facts: Mac & Cheese",
      rows: [
        { label: "Servings", value: "8" },
        { label: "Sodium", value: "480mg" },
      ],
    });
  });

  it("keeps no markup from the panel", () => {
    const panel = readNutritionPanel(
      '<table><tr><th><img src=x onerror="alert(1)">Fat <b>total</b></th><td><script>x</script>1g</td></tr></table>',
    );
    expect(panel?.rows).toEqual([{ label: "Fat total", value: "1g" }]);
    expect(JSON.stringify(panel)).not.toContain("<");
  });

  it("is null for anything without rows", () => {
    expect(readNutritionPanel("Not found")).toBeNull();
    expect(readNutritionPanel("<table><caption>Empty</caption></table>")).toBeNull();
  });
});
