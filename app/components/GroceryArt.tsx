/** The home page's illustration: a grocery bag of produce (decorative). */
export function GroceryArt({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      width="288"
      height="240"
      viewBox="0 0 288 240"
      aria-hidden="true"
      focusable="false"
    >
      <ellipse cx="144" cy="222" rx="110" ry="12" fill="rgb(0 0 0 / 0.15)" />
      {/* greens */}
      <path d="M112 78c-18-30-6-58 10-66 4 22 10 40 4 66z" fill="#7cc26b" />
      <path d="M126 80c2-34 24-52 42-52-6 20-16 40-34 54z" fill="#5aa84a" />
      {/* baguette */}
      <rect
        x="158"
        y="18"
        width="22"
        height="92"
        rx="11"
        transform="rotate(18 169 64)"
        fill="#e7b46a"
      />
      <path
        d="M166 34l10 4M162 50l10 4M158 66l10 4"
        stroke="#c98c3a"
        strokeWidth="3"
        strokeLinecap="round"
        transform="rotate(18 169 64)"
      />
      {/* apple and orange */}
      <circle cx="96" cy="96" r="22" fill="#e8553f" />
      <path d="M96 74c2-8 8-12 14-12-2 8-6 12-14 12z" fill="#5aa84a" />
      <circle cx="196" cy="98" r="20" fill="#f59e2b" />
      {/* bag */}
      <path d="M62 96h164l-14 118a10 10 0 0 1-10 9H86a10 10 0 0 1-10-9z" fill="#f4e4c8" />
      <path d="M62 96h164l-3 22H65z" fill="#e6cfa6" />
      <path
        d="M110 96v-8a34 34 0 0 1 68 0v8"
        fill="none"
        stroke="#c9a46a"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <rect x="104" y="140" width="80" height="48" rx="10" fill="#fff" opacity="0.85" />
      <path
        d="M124 164l12 12 28-26"
        fill="none"
        stroke="#1e6b34"
        strokeWidth="8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
