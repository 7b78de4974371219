/** The streets, drawn twice: a grey casing, then the white surface on it. */
const ROADS = ['M0 88 H400', 'M0 160 H240', 'M134 0 V220', 'M234 0 V220', 'M318 0 V96'];

/**
 * A drawn street map with a pin: it says "this is a real place you can visit" without loading tiles
 * from a map service (no third-party hosts, and the page works offline). The address beside it is
 * the information; the drawing is decoration and hidden from screen readers.
 */
export function MapIllustration({ className = '' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 400 220"
      aria-hidden="true"
      focusable="false"
      className={`block h-auto w-full ${className}`}
      preserveAspectRatio="xMidYMid slice"
    >
      <rect width="400" height="220" className="fill-gray-100" />
      {/* City blocks */}
      <g className="fill-gray-200/80">
        <rect x="18" y="14" width="92" height="58" rx="6" />
        <rect x="18" y="104" width="58" height="44" rx="6" />
        <rect x="18" y="172" width="92" height="40" rx="6" />
        <rect x="148" y="14" width="70" height="58" rx="6" />
        <rect x="250" y="14" width="56" height="36" rx="6" />
        <rect x="330" y="14" width="56" height="58" rx="6" />
        <rect x="250" y="104" width="56" height="44" rx="6" />
        <rect x="330" y="104" width="56" height="100" rx="6" />
        <rect x="148" y="172" width="70" height="40" rx="6" />
      </g>
      {/* A park with trees */}
      <rect x="88" y="104" width="40" height="44" rx="8" className="fill-green-100" />
      <g className="fill-green-300/70">
        <circle cx="100" cy="116" r="6" />
        <circle cx="116" cy="126" r="5" />
        <circle cx="102" cy="137" r="5" />
      </g>
      {/* A stream across the corner */}
      <path
        d="M250 220 C 270 190, 300 185, 318 160 S 350 130, 400 122"
        className="fill-none stroke-sky-200"
        strokeWidth="10"
        strokeLinecap="round"
      />
      {/* Roads: a grey casing under a white surface */}
      <g className="fill-none stroke-gray-300" strokeWidth="16" strokeLinecap="round">
        {ROADS.map((d) => (
          <path key={d} d={d} />
        ))}
      </g>
      <g className="fill-none stroke-white" strokeWidth="12" strokeLinecap="round">
        {ROADS.map((d) => (
          <path key={d} d={d} />
        ))}
      </g>
      {/* The square at the main crossing */}
      <circle cx="234" cy="88" r="18" className="fill-white stroke-gray-300" strokeWidth="2" />
      <circle cx="234" cy="88" r="9" className="fill-green-100" />
      {/* The pin, with a soft halo where it stands */}
      <ellipse cx="186" cy="132" rx="22" ry="7" className="fill-brand-600/15" />
      <path
        d="M186 132 C 186 132, 164 108, 164 94 A 22 22 0 1 1 208 94 C 208 108, 186 132, 186 132 Z"
        className="fill-brand-600"
      />
      <circle cx="186" cy="94" r="8" className="fill-white" />
    </svg>
  );
}
