/**
 * Flat food illustrations drawn with a few basic SVG shapes in a 100×100 box. Each glyph takes its
 * main colour (a product may override the default) and keeps its markup short, because whole
 * pictures must stay under 3 KB.
 */

const LEAF = "#5a9e3a";
const STEM = "#7a4b22";
const WHITE = "#fff";
const INK = "#3a3a3a";
/** A soft highlight that gives the flat shapes a little volume. */
const shine = (cx: number, cy: number, rx: number, ry: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#fff" opacity=".35"/>`;

const GLYPHS = {
  apple: {
    color: "#e0433a",
    draw: (c: string) =>
      `<path d="M50 31C40 22 18 26 18 52c0 22 16 38 32 33 16 5 32-11 32-33 0-26-22-30-32-21z" fill="${c}"/>` +
      `<path d="M50 32q0-12 7-18" stroke="${STEM}" stroke-width="4" fill="none" stroke-linecap="round"/>` +
      `<path d="M57 22q12-12 21-2-11 10-21 2z" fill="${LEAF}"/>${shine(33, 48, 6, 11)}`,
  },
  citrus: {
    color: "#f59e0b",
    draw: (c: string) =>
      `<circle cx="50" cy="54" r="32" fill="${c}"/><circle cx="50" cy="54" r="24" fill="#fde68a"/>` +
      `<path d="M50 30v48M26 54h48M33 37l34 34M67 37L33 71" stroke="${c}" stroke-width="3"/>` +
      `<path d="M52 22q10-10 20-2-10 8-20 2z" fill="${LEAF}"/>`,
  },
  banana: {
    color: "#f4c430",
    draw: (c: string) =>
      `<path d="M18 30c6 34 36 52 68 34 3-2 1-7-3-6-26 8-48-4-56-30z" fill="${c}"/>` +
      `<path d="M16 27l6-4 4 8-6 3z" fill="${STEM}"/><path d="M86 60l4 4-3 2z" fill="${STEM}"/>`,
  },
  berries: {
    color: "#3b5bdb",
    draw: (c: string) =>
      `<circle cx="36" cy="58" r="16" fill="${c}"/><circle cx="62" cy="62" r="16" fill="${c}"/>` +
      `<circle cx="50" cy="40" r="16" fill="${c}"/>${shine(46, 35, 4, 6)}${shine(32, 53, 4, 6)}` +
      `<path d="M50 24q-6-10 4-12 4 8-4 12z" fill="${LEAF}"/>`,
  },
  grapes: {
    color: "#8e44ad",
    draw: (c: string) =>
      [
        [38, 34],
        [54, 34],
        [70, 36],
        [46, 48],
        [62, 50],
        [40, 62],
        [56, 64],
        [50, 78],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="10" fill="${c}"/>`)
        .join("") + `<path d="M54 26q2-12 12-16" stroke="${STEM}" stroke-width="3" fill="none"/>`,
  },
  carrot: {
    color: "#f47c20",
    draw: (c: string) =>
      `<path d="M30 34c8-8 22-6 28 2L28 88c-4 4-8 2-6-2z" fill="${c}"/>` +
      `<path d="M40 44l6 3M34 58l6 3M30 70l5 3" stroke="#c2410c" stroke-width="3"/>` +
      `<path d="M48 30q4-20 14-22-2 14-10 24M54 34q16-10 26-4-12 8-24 8" fill="${LEAF}"/>`,
  },
  greens: {
    color: "#6abf4b",
    draw: (c: string) =>
      `<circle cx="34" cy="56" r="20" fill="${c}"/><circle cx="66" cy="56" r="20" fill="${c}"/>` +
      `<circle cx="50" cy="40" r="22" fill="#86d16a"/><circle cx="50" cy="64" r="20" fill="#4e9a35"/>` +
      `<path d="M50 84V46M50 62l-10-8M50 56l10-8" stroke="#d9f2c9" stroke-width="3" fill="none"/>`,
  },
  tomato: {
    color: "#e23b2e",
    draw: (c: string) =>
      `<ellipse cx="50" cy="56" rx="34" ry="30" fill="${c}"/>` +
      `<path d="M50 28l6 8 10-2-6 8 8 6-12-1-6 8-6-8-12 1 8-6-6-8 10 2z" fill="${LEAF}"/>${shine(34, 52, 6, 10)}`,
  },
  pepper: {
    color: "#d62828",
    draw: (c: string) =>
      `<path d="M28 40c0-10 44-10 44 0 0 30-8 46-22 46S28 70 28 40z" fill="${c}"/>` +
      `<path d="M42 30h16v8H42z" fill="${LEAF}"/><path d="M50 30q0-12 8-16" stroke="${LEAF}" stroke-width="5" fill="none"/>` +
      shine(38, 52, 4, 12),
  },
  potato: {
    color: "#c8a165",
    draw: (c: string) =>
      `<ellipse cx="50" cy="56" rx="36" ry="26" fill="${c}" transform="rotate(-12 50 56)"/>` +
      `<circle cx="36" cy="52" r="2.5" fill="#8a6a3a"/><circle cx="58" cy="46" r="2.5" fill="#8a6a3a"/><circle cx="62" cy="64" r="2.5" fill="#8a6a3a"/>`,
  },
  corn: {
    color: "#f6c945",
    draw: (c: string) =>
      `<ellipse cx="50" cy="46" rx="16" ry="32" fill="${c}"/>` +
      `<path d="M42 24v48M50 16v62M58 24v48M36 36h28M35 50h30M37 64h26" stroke="#e0a91c" stroke-width="2"/>` +
      `<path d="M34 50c-6 20 2 34 16 38-8-12-10-24-16-38zM66 50c6 20-2 34-16 38 8-12 10-24 16-38z" fill="${LEAF}"/>`,
  },
  bread: {
    color: "#d4a05a",
    draw: (c: string) =>
      `<path d="M14 50c0-14 12-20 36-20s36 6 36 20c0 6-4 8-6 9v19H20V59c-2-1-6-3-6-9z" fill="${c}"/>` +
      `<path d="M34 40l-6 10M52 38l-6 12M70 40l-6 10" stroke="#a86f2c" stroke-width="4" stroke-linecap="round"/>`,
  },
  baguette: {
    color: "#d9a35b",
    draw: (c: string) =>
      `<rect x="4" y="40" width="92" height="24" rx="12" fill="${c}" transform="rotate(-30 50 52)"/>` +
      `<path d="M26 66l8-10M42 56l8-10M58 46l8-10M72 36l8-10" stroke="#a86f2c" stroke-width="4" stroke-linecap="round"/>`,
  },
  bagel: {
    color: "#d69a4e",
    draw: (c: string) =>
      `<circle cx="50" cy="52" r="26" fill="none" stroke="${c}" stroke-width="20"/>` +
      `<path d="M40 30l2 2M58 30l2 1M74 48l1 2M66 72l2-1M34 70l1 2M28 46l2-1" stroke="#fff6e0" stroke-width="3" stroke-linecap="round"/>`,
  },
  donut: {
    color: "#f28fb5",
    draw: (c: string) =>
      `<circle cx="50" cy="52" r="34" fill="#e2a35c"/><circle cx="50" cy="50" r="28" fill="${c}"/>` +
      `<circle cx="50" cy="52" r="10" fill="#fff8ef"/>` +
      `<path d="M36 34l4 3M60 32l4-2M68 50l2 4M62 66l-4 2M38 64l-2 4M30 48l2-4" stroke="${WHITE}" stroke-width="3" stroke-linecap="round"/>`,
  },
  croissant: {
    color: "#e1a54f",
    draw: (c: string) =>
      `<path d="M10 64c6-22 24-34 40-34s34 12 40 34c-8 4-14 2-18-2-6 8-16 10-22 10s-16-2-22-10c-4 4-10 6-18 2z" fill="${c}"/>` +
      `<path d="M34 40l6 26M50 34v34M66 40l-6 26" stroke="#b8792e" stroke-width="3"/>`,
  },
  cake: {
    color: "#f7b6c8",
    draw: (c: string) =>
      `<rect x="18" y="50" width="64" height="32" rx="6" fill="${c}"/><rect x="24" y="30" width="52" height="24" rx="6" fill="#fff3f6"/>` +
      `<path d="M18 60q8 6 16 0t16 0 16 0 16 0" stroke="#fff" stroke-width="4" fill="none"/>` +
      `<rect x="47" y="14" width="6" height="16" rx="2" fill="#7cc6f2"/><path d="M50 4q5 6 0 10-5-4 0-10z" fill="#f59e0b"/>`,
  },
  cupcake: {
    color: "#c77dff",
    draw: (c: string) =>
      `<path d="M28 54h44l-6 32H34z" fill="#f4b860"/><path d="M40 54l2 32M50 54v32M60 54l-2 32" stroke="#d98e2b" stroke-width="2"/>` +
      `<path d="M24 56c-4-18 10-24 14-22 2-12 22-14 26-2 8-2 16 6 12 24z" fill="${c}"/><circle cx="52" cy="24" r="6" fill="#e0433a"/>`,
  },
  cookie: {
    color: "#c98a4b",
    draw: (c: string) =>
      `<circle cx="50" cy="52" r="34" fill="${c}"/>` +
      [
        [38, 40],
        [60, 38],
        [48, 56],
        [66, 60],
        [34, 64],
        [54, 72],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="4.5" fill="#4a2c17"/>`)
        .join(""),
  },
  pie: {
    color: "#d89a4e",
    draw: (c: string) =>
      `<path d="M12 54h76l-8 24H20z" fill="#b97a36"/><ellipse cx="50" cy="54" rx="38" ry="14" fill="${c}"/>` +
      `<path d="M28 46l30 16M44 42l30 16M60 42L34 60M74 46L48 62" stroke="#f0c987" stroke-width="4"/>`,
  },
  cheese: {
    color: "#f7c948",
    draw: (c: string) =>
      `<path d="M12 60L70 26l18 12v32H12z" fill="${c}"/><path d="M12 60L70 26l18 12L12 60z" fill="#fde58a"/>` +
      `<circle cx="34" cy="70" r="5" fill="#e0a91c"/><circle cx="60" cy="64" r="7" fill="#e0a91c"/><circle cx="78" cy="76" r="3" fill="#e0a91c"/>`,
  },
  slices: {
    color: "#f2a7a0",
    draw: (c: string) =>
      `<circle cx="36" cy="58" r="26" fill="#e88f86"/><circle cx="50" cy="52" r="26" fill="${c}"/>` +
      `<circle cx="64" cy="46" r="26" fill="${c}"/><path d="M50 34q10 8 26 6M48 50q10 6 28 2" stroke="#fff" stroke-width="3" fill="none" opacity=".7"/>`,
  },
  salami: {
    color: "#b8323a",
    draw: (c: string) =>
      `<circle cx="42" cy="54" r="30" fill="${c}"/><circle cx="42" cy="54" r="24" fill="#d9505a"/>` +
      [
        [32, 44],
        [50, 46],
        [40, 62],
        [54, 62],
        [30, 58],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3" fill="#fbe3e3"/>`)
        .join("") +
      `<rect x="64" y="34" width="26" height="40" rx="10" fill="${c}"/>`,
  },
  sandwich: {
    color: "#e2ae64",
    draw: (c: string) =>
      `<path d="M10 52c0-16 18-22 40-22s40 6 40 22z" fill="${c}"/>` +
      `<path d="M8 56q7-6 14 0t14 0 14 0 14 0 14 0 14 0v4H8z" fill="${LEAF}"/><rect x="10" y="60" width="80" height="6" fill="#e2574c"/>` +
      `<rect x="12" y="66" width="76" height="6" fill="#f7c948"/><path d="M10 72h80v4c0 6-6 8-12 8H22c-6 0-12-2-12-8z" fill="${c}"/>`,
  },
  salad: {
    color: "#6abf4b",
    draw: (c: string) =>
      `<circle cx="36" cy="50" r="14" fill="${c}"/><circle cx="56" cy="44" r="16" fill="#86d16a"/><circle cx="70" cy="54" r="12" fill="${c}"/>` +
      `<circle cx="46" cy="56" r="6" fill="#e23b2e"/><circle cx="62" cy="58" r="5" fill="#f6c945"/>` +
      `<path d="M12 58h76c0 18-16 30-38 30S12 76 12 58z" fill="#f0ece4"/><path d="M12 58h76" stroke="#d6cfc2" stroke-width="3"/>`,
  },
  soup: {
    color: "#e9a23b",
    draw: (c: string) =>
      `<path d="M40 16q-6 8 0 14t0 14M54 12q-6 8 0 14t0 14" stroke="#c9c2b6" stroke-width="3" fill="none"/>` +
      `<ellipse cx="50" cy="54" rx="38" ry="10" fill="${c}"/><path d="M12 54h76c0 20-16 32-38 32S12 74 12 54z" fill="#2f6f8f"/>`,
  },
  drumstick: {
    color: "#c8793a",
    draw: (c: string) =>
      `<path d="M58 14c18 0 28 16 22 32-4 12-16 16-26 14L36 72l-10-10 16-18c-4-12 2-30 16-30z" fill="${c}"/>` +
      `<rect x="20" y="66" width="10" height="18" rx="5" fill="#f3ead8" transform="rotate(45 25 75)"/>` +
      `<circle cx="17" cy="77" r="6" fill="#f3ead8"/><circle cx="24" cy="86" r="6" fill="#f3ead8"/>${shine(62, 30, 6, 9)}`,
  },
  turkey: {
    color: "#b8692f",
    draw: (c: string) =>
      `<ellipse cx="50" cy="82" rx="42" ry="8" fill="#e5e7eb"/><path d="M14 72c0-26 16-42 36-42s36 16 36 42z" fill="${c}"/>` +
      `<path d="M14 66l-6-8M86 66l6-8" stroke="#f3ead8" stroke-width="7" stroke-linecap="round"/>${shine(40, 46, 10, 7)}`,
  },
  steak: {
    color: "#c0392b",
    draw: (c: string) =>
      `<path d="M20 32c20-14 62-10 68 14 6 24-18 40-40 38-26-2-44-34-28-52z" fill="#f3d7c9"/>` +
      `<path d="M26 36c18-10 52-8 56 12 4 18-14 30-34 28-22-2-36-26-22-40z" fill="${c}"/>` +
      `<path d="M40 44q12 6 24 0M44 58q10 4 22 0" stroke="#e88f86" stroke-width="3" fill="none"/>`,
  },
  ribs: {
    color: "#a8432a",
    draw: (c: string) =>
      `<rect x="12" y="30" width="76" height="42" rx="16" fill="${c}"/>` +
      `<path d="M28 24v56M42 22v60M56 22v60M70 24v56" stroke="#f3ead8" stroke-width="6" stroke-linecap="round"/>`,
  },
  sausage: {
    color: "#b5523b",
    draw: (c: string) =>
      `<path d="M18 66c10-26 36-40 64-36" stroke="${c}" stroke-width="18" fill="none" stroke-linecap="round"/>` +
      `<path d="M24 80c10-26 36-38 62-34" stroke="#c9653f" stroke-width="16" fill="none" stroke-linecap="round"/>` +
      `<path d="M40 56q8-8 18-10" stroke="#fff" stroke-width="3" fill="none" opacity=".4"/>`,
  },
  fish: {
    color: "#5b8fb9",
    draw: (c: string) =>
      `<path d="M10 52c12-22 44-28 66 0-22 28-54 22-66 0z" fill="${c}"/><path d="M72 52l18-16v32z" fill="${c}"/>` +
      `<circle cx="26" cy="48" r="4" fill="${WHITE}"/><circle cx="26" cy="48" r="2" fill="${INK}"/>` +
      `<path d="M40 40q6 12 0 24M52 38q6 14 0 28" stroke="#fff" stroke-width="2" fill="none" opacity=".6"/>`,
  },
  shrimp: {
    color: "#f28c6a",
    draw: (c: string) =>
      `<path d="M70 30c-30-8-52 14-44 38 6 16 26 20 38 12" stroke="${c}" stroke-width="20" fill="none" stroke-linecap="round"/>` +
      `<path d="M44 46l-8-6M40 60l-10 0M48 72l-6 8" stroke="#fff" stroke-width="3" opacity=".6"/>` +
      `<path d="M64 80l14 4-6 10z" fill="${c}"/>`,
  },
  lobster: {
    color: "#d6452c",
    draw: (c: string) =>
      `<ellipse cx="50" cy="58" rx="14" ry="26" fill="${c}"/><path d="M36 40L20 22l-8 10 14 4M64 40l16-18 8 10-14 4" fill="${c}" stroke="${c}" stroke-width="6" stroke-linejoin="round"/>` +
      `<path d="M40 86h20l-10 10z" fill="${c}"/><path d="M38 62h24M40 72h20" stroke="#f59a82" stroke-width="3"/>`,
  },
  egg: {
    color: "#f5efe4",
    draw: (c: string) =>
      `<ellipse cx="36" cy="56" rx="20" ry="26" fill="${c}" stroke="#e3d8c5" stroke-width="2"/>` +
      `<ellipse cx="66" cy="60" rx="20" ry="26" fill="#e8c9a0"/>${shine(30, 46, 5, 9)}`,
  },
  milk: {
    color: "#3b82c4",
    draw: (c: string) =>
      `<path d="M30 34l10-16h20l10 16v54H30z" fill="${WHITE}" stroke="#d1d5db" stroke-width="2"/>` +
      `<path d="M30 34h40v22H30z" fill="${c}"/><path d="M40 18h20" stroke="${c}" stroke-width="6"/>` +
      `<path d="M30 70q10-6 20 0t20 0" stroke="${c}" stroke-width="3" fill="none"/>`,
  },
  yogurt: {
    color: "#f28fb5",
    draw: (c: string) =>
      `<path d="M24 34h52l-6 50H30z" fill="${WHITE}" stroke="#d1d5db" stroke-width="2"/><rect x="20" y="26" width="60" height="10" rx="3" fill="${c}"/>` +
      `<circle cx="50" cy="60" r="10" fill="${c}"/>`,
  },
  butter: {
    color: "#f9d776",
    draw: (c: string) =>
      `<path d="M14 48l24-14h48L62 48z" fill="#fde9a8"/><path d="M14 48h48v26H14z" fill="${c}"/><path d="M62 48l24-14v26L62 74z" fill="#e9c350"/>`,
  },
  bottle: {
    color: "#2a9d8f",
    draw: (c: string) =>
      `<path d="M42 10h16v14c10 6 14 14 14 24v36c0 4-2 6-6 6H34c-4 0-6-2-6-6V48c0-10 4-18 14-24z" fill="${c}"/>` +
      `<rect x="28" y="52" width="44" height="20" fill="${WHITE}" opacity=".85"/><rect x="41" y="6" width="18" height="8" rx="2" fill="${INK}"/>`,
  },
  oil: {
    color: "#a3b83a",
    draw: (c: string) =>
      `<path d="M44 8h12v18l10 12v48H34V38l10-12z" fill="${c}"/><rect x="34" y="52" width="32" height="18" fill="#fff8e0"/>` +
      `<circle cx="50" cy="61" r="5" fill="${LEAF}"/>`,
  },
  can: {
    color: "#d64550",
    draw: (c: string) =>
      `<rect x="26" y="20" width="48" height="66" rx="6" fill="${c}"/><ellipse cx="50" cy="20" rx="24" ry="6" fill="#cbd5e1"/>` +
      `<rect x="26" y="40" width="48" height="26" fill="${WHITE}" opacity=".85"/><circle cx="50" cy="53" r="7" fill="${c}"/>`,
  },
  jar: {
    color: "#c0392b",
    draw: (c: string) =>
      `<rect x="30" y="14" width="40" height="12" rx="3" fill="#b08d57"/><rect x="24" y="24" width="52" height="64" rx="10" fill="${c}"/>` +
      `<rect x="30" y="44" width="40" height="24" rx="3" fill="#fff8ef"/>${shine(32, 36, 3, 8)}`,
  },
  box: {
    color: "#e76f51",
    draw: (c: string) =>
      `<path d="M24 14h46l8 8v70H24z" fill="${c}"/><path d="M70 14l8 8H70z" fill="#00000022"/>` +
      `<rect x="30" y="34" width="40" height="30" rx="4" fill="${WHITE}"/><circle cx="44" cy="49" r="6" fill="#f4c430"/><circle cx="56" cy="51" r="5" fill="#c98a4b"/>`,
  },
  pasta: {
    color: "#f2c14e",
    draw: (c: string) =>
      `<path d="M14 52h72c0 20-16 32-36 32S14 72 14 52z" fill="#f0ece4"/>` +
      `<path d="M22 52q6-14 12 0t12 0 12 0 12 0 10 0" stroke="${c}" stroke-width="6" fill="none"/>` +
      `<circle cx="42" cy="44" r="6" fill="#c0392b"/><circle cx="60" cy="42" r="5" fill="#c0392b"/>`,
  },
  chips: {
    color: "#f4a261",
    draw: (c: string) =>
      `<path d="M24 12h52l-4 6 4 6v56l4 6-4 6H24l4-6-4-6V24l4-6z" fill="${c}"/>` +
      `<ellipse cx="50" cy="54" rx="18" ry="14" fill="#f9d776"/><path d="M38 54q12-8 24 0" stroke="#e0a91c" stroke-width="3" fill="none"/>`,
  },
  nuts: {
    color: "#c68b59",
    draw: (c: string) =>
      `<ellipse cx="36" cy="56" rx="14" ry="20" fill="${c}" transform="rotate(-20 36 56)"/>` +
      `<ellipse cx="62" cy="50" rx="14" ry="20" fill="#b07444" transform="rotate(25 62 50)"/>` +
      `<ellipse cx="54" cy="74" rx="13" ry="9" fill="#d9a36e"/>`,
  },
  coffee: {
    color: "#6f4e37",
    draw: (c: string) =>
      `<path d="M40 8q-6 8 0 14M54 6q-6 8 0 14" stroke="#c9c2b6" stroke-width="3" fill="none"/>` +
      `<path d="M20 30h52v30c0 16-10 26-26 26S20 76 20 60z" fill="${WHITE}" stroke="#d1d5db" stroke-width="2"/>` +
      `<path d="M72 40c14 0 14 20 0 20" stroke="#d1d5db" stroke-width="6" fill="none"/><ellipse cx="46" cy="32" rx="24" ry="5" fill="${c}"/>`,
  },
  icecream: {
    color: "#f7b6c8",
    draw: (c: string) =>
      `<path d="M32 50h36L50 94z" fill="#e0a25c"/><path d="M36 56l22 18M64 56L40 78" stroke="#c98a4b" stroke-width="2"/>` +
      `<circle cx="40" cy="44" r="14" fill="${c}"/><circle cx="60" cy="44" r="14" fill="#fff3d6"/><circle cx="50" cy="30" r="14" fill="#8d5b3c"/>`,
  },
  snowflake: {
    color: "#5fa8d3",
    draw: (c: string) =>
      `<g stroke="${c}" stroke-width="6" stroke-linecap="round"><path d="M50 12v76M17 31l66 38M17 69l66-38"/>` +
      `<path d="M42 18l8 8 8-8M42 82l8-8 8 8" fill="none"/></g>`,
  },
  pizza: {
    color: "#f2c14e",
    draw: (c: string) =>
      `<path d="M14 24q36-14 72 0L50 92z" fill="${c}"/><path d="M14 24q36-14 72 0l-4 8q-32-12-64 0z" fill="#c98a4b"/>` +
      `<circle cx="40" cy="40" r="6" fill="#c0392b"/><circle cx="58" cy="46" r="6" fill="#c0392b"/><circle cx="50" cy="66" r="5" fill="#c0392b"/>`,
  },
  bouquet: {
    color: "#e85a9b",
    draw: (c: string) =>
      `<path d="M50 52L34 30M50 52l16-22M50 52V24" stroke="${LEAF}" stroke-width="4"/>` +
      `<circle cx="34" cy="28" r="12" fill="${c}"/><circle cx="66" cy="28" r="12" fill="#f6c945"/><circle cx="50" cy="20" r="12" fill="#c77dff"/>` +
      `<path d="M30 46h40L56 92H44z" fill="#f3ead8"/><path d="M40 62h20" stroke="${c}" stroke-width="4"/>`,
  },
  rose: {
    color: "#d62839",
    draw: (c: string) =>
      `<path d="M50 50v42" stroke="${LEAF}" stroke-width="5"/><path d="M50 72q-16-4-20-16 14 0 20 10" fill="${LEAF}"/>` +
      `<path d="M30 30c0-14 40-14 40 0 0 14-8 22-20 22s-20-8-20-22z" fill="${c}"/>` +
      `<path d="M40 28q10-10 20 0-10 8-20 0z" fill="#a4161a"/>`,
  },
  plant: {
    color: "#5a9e3a",
    draw: (c: string) =>
      `<path d="M50 60C40 40 22 40 18 30c18-2 30 10 32 30zM50 60c10-22 28-26 34-34-18-4-32 12-34 34zM50 60V22" fill="${c}" stroke="${c}" stroke-width="3"/>` +
      `<path d="M28 58h44l-6 32H34z" fill="#c8673a"/><rect x="24" y="56" width="52" height="8" rx="2" fill="#b35a30"/>`,
  },
  balloon: {
    color: "#e85a9b",
    draw: (c: string) =>
      `<path d="M50 62q-6 14 4 30" stroke="#9ca3af" stroke-width="2" fill="none"/><ellipse cx="50" cy="36" rx="24" ry="28" fill="${c}"/>` +
      `<path d="M46 64h8l-4-4z" fill="${c}"/>${shine(40, 26, 5, 9)}`,
  },
  platter: {
    color: "#2a9d8f",
    draw: (c: string) =>
      `<ellipse cx="50" cy="58" rx="44" ry="26" fill="#e5e7eb"/><ellipse cx="50" cy="56" rx="38" ry="20" fill="${WHITE}"/>` +
      `<circle cx="34" cy="52" r="8" fill="#f2a7a0"/><circle cx="50" cy="48" r="8" fill="#f7c948"/><circle cx="66" cy="52" r="8" fill="${c}"/>` +
      `<circle cx="42" cy="64" r="7" fill="#6abf4b"/><circle cx="58" cy="64" r="7" fill="#e23b2e"/>`,
  },
  tray: {
    color: "#c0392b",
    draw: (c: string) =>
      `<rect x="10" y="34" width="80" height="46" rx="6" fill="#c9ced6"/><rect x="16" y="38" width="68" height="38" rx="4" fill="${c}"/>` +
      `<path d="M22 50q8-6 16 0t16 0 16 0 8 0M22 62q8-6 16 0t16 0 16 0 8 0" stroke="#f7d08a" stroke-width="4" fill="none"/>`,
  },
  candy: {
    color: "#8e44ad",
    draw: (c: string) =>
      `<rect x="24" y="28" width="52" height="48" rx="6" fill="${c}"/><rect x="30" y="34" width="40" height="36" rx="4" fill="#4a2c17"/>` +
      [
        [40, 44],
        [60, 44],
        [40, 60],
        [60, 60],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="6" fill="#7b4a2a"/>`)
        .join(""),
  },
  roll: {
    color: "#60a5fa",
    draw: (c: string) =>
      `<rect x="24" y="22" width="52" height="64" rx="6" fill="${WHITE}" stroke="#d1d5db" stroke-width="2"/>` +
      `<ellipse cx="50" cy="22" rx="26" ry="8" fill="#f3f4f6" stroke="#d1d5db" stroke-width="2"/><ellipse cx="50" cy="22" rx="8" ry="3" fill="#c9a27a"/>` +
      `<path d="M24 50h52" stroke="${c}" stroke-width="6"/>`,
  },
  spray: {
    color: "#22a6b3",
    draw: (c: string) =>
      `<path d="M36 30h24l6 16v42H30V46z" fill="${c}"/><path d="M40 16h22l8 6H56v8H42z" fill="${INK}"/>` +
      `<rect x="34" y="54" width="28" height="18" rx="2" fill="${WHITE}"/>`,
  },
  wheat: {
    color: "#d4a23a",
    draw: (c: string) =>
      `<path d="M50 92V20" stroke="${c}" stroke-width="4"/>` +
      [24, 38, 52, 66]
        .map(
          (y) =>
            `<ellipse cx="41" cy="${y}" rx="6" ry="10" fill="${c}" transform="rotate(-35 41 ${y})"/><ellipse cx="59" cy="${y}" rx="6" ry="10" fill="${c}" transform="rotate(35 59 ${y})"/>`,
        )
        .join("") +
      `<ellipse cx="50" cy="14" rx="5" ry="9" fill="${c}"/>`,
  },
  basket: {
    color: "#5a9e3a",
    draw: (c: string) =>
      `<path d="M26 44q24-40 48 0" stroke="#8a5a2b" stroke-width="5" fill="none"/><circle cx="38" cy="42" r="10" fill="#e0433a"/>` +
      `<circle cx="58" cy="40" r="12" fill="${c}"/><path d="M12 46h76l-8 40H20z" fill="#c68b59"/>` +
      `<path d="M16 60h68M18 72h64M36 46l-2 40M50 46v40M64 46l2 40" stroke="#a66f3f" stroke-width="3"/>`,
  },
  dip: {
    color: "#d9c48f",
    draw: (c: string) =>
      `<path d="M16 48h68l-6 36H22z" fill="#2f6f8f"/><ellipse cx="50" cy="48" rx="34" ry="10" fill="${c}"/>` +
      `<path d="M40 46q10-8 20 0" stroke="#b5a06a" stroke-width="3" fill="none"/><circle cx="58" cy="44" r="3" fill="${LEAF}"/>`,
  },
  olive: {
    color: "#6b7f2a",
    draw: (c: string) =>
      `<ellipse cx="36" cy="52" rx="14" ry="18" fill="${c}"/><ellipse cx="62" cy="56" rx="14" ry="18" fill="#2d3a1a"/>` +
      `<circle cx="36" cy="48" r="5" fill="#e2574c"/><ellipse cx="50" cy="76" rx="12" ry="8" fill="${c}"/>`,
  },
  rice: {
    color: "#f3f0e6",
    draw: (c: string) =>
      `<path d="M14 50h72c0 22-16 34-36 34S14 72 14 50z" fill="#d1495b"/><ellipse cx="50" cy="50" rx="36" ry="10" fill="${c}"/>` +
      `<path d="M22 46c6-18 50-18 56 0z" fill="${c}"/><path d="M62 20L42 44M70 22L48 46" stroke="#8a5a2b" stroke-width="3"/>`,
  },
  card: {
    color: "#f28fb5",
    draw: (c: string) =>
      `<rect x="18" y="24" width="64" height="52" rx="4" fill="${WHITE}" stroke="#d1d5db" stroke-width="2"/>` +
      `<path d="M50 64c-14-10-18-16-14-22s10-4 14 2c4-6 10-8 14-2s0 12-14 22z" fill="${c}"/>`,
  },
  leaf: {
    color: "#5a9e3a",
    draw: (c: string) =>
      `<path d="M20 80C16 40 44 16 84 16c2 40-22 66-64 64z" fill="${c}"/><path d="M24 76L70 30" stroke="#d9f2c9" stroke-width="3"/>`,
  },
  cart: {
    color: "#2f7d4f",
    draw: (c: string) =>
      `<path d="M8 22h14l10 42h46l8-30H28" stroke="${c}" stroke-width="6" fill="none" stroke-linejoin="round"/>` +
      `<circle cx="38" cy="80" r="7" fill="${c}"/><circle cx="72" cy="80" r="7" fill="${c}"/>`,
  },
  clock: {
    color: "#2f7d4f",
    draw: (c: string) =>
      `<circle cx="50" cy="50" r="36" fill="${WHITE}" stroke="${c}" stroke-width="7"/><path d="M50 28v24l14 10" stroke="${c}" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  },
  car: {
    color: "#2f7d4f",
    draw: (c: string) =>
      `<path d="M12 62l8-22c2-4 4-6 8-6h44c4 0 6 2 8 6l8 22v14H12z" fill="${c}"/><path d="M26 40h48l6 16H20z" fill="#cfe8f3"/>` +
      `<circle cx="28" cy="76" r="8" fill="${INK}"/><circle cx="72" cy="76" r="8" fill="${INK}"/>`,
  },
} satisfies Record<string, { color: string; draw: (color: string) => string }>;

export type Glyph = keyof typeof GLYPHS;

export function glyphColor(glyph: Glyph): string {
  return GLYPHS[glyph].color;
}

/** The glyph's markup in its 100×100 box, in `color` or its natural colour. */
function drawGlyph(glyph: Glyph, color?: string): string {
  const g = GLYPHS[glyph];
  return g.draw(color ?? g.color);
}

/** The glyph placed with its box's top-left at (x, y), `size` pixels wide. */
export function placeGlyph(
  glyph: Glyph,
  x: number,
  y: number,
  size: number,
  color?: string,
): string {
  const s = Math.round((size / 100) * 1000) / 1000;
  return `<g transform="translate(${round(x)} ${round(y)})scale(${s})">${drawGlyph(glyph, color)}</g>`;
}

const round = (n: number) => Math.round(n * 10) / 10;
