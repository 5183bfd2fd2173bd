// Images for the earlier backend's clients where a record has none of its own:
// the bare dialect names them (platform/http/bare-dialect.ts) and catalogue/routes/legacy-files.ts
// serves them. Our own client paints covers and slides itself; those clients
// paste a file name into an <img> URL, so they get the same kind of picture as
// an SVG: a colour per category (or the slide's own colour) and the publisher's
// mark. Made from the name alone, so any instance answers the same bytes.

const hue = (key: string) => {
  let hash = 7
  for (const char of key) hash = (hash * 33 + char.charCodeAt(0)) % 360
  return hash
}

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`

function reportCover(key: string): string {
  const h = hue(key)
  // The mark stays clear of the edges, which list thumbnails crop.
  return svg(
    300,
    360,
    `<rect width="300" height="360" fill="hsl(${h},45%,28%)"/>` +
      `<rect x="0" y="230" width="300" height="130" fill="hsl(${h},40%,20%)"/>` +
      '<rect x="36" y="60" width="200" height="14" rx="3" fill="#fff" fill-opacity=".85"/>' +
      '<rect x="36" y="88" width="228" height="10" rx="3" fill="#fff" fill-opacity=".5"/>' +
      '<rect x="36" y="108" width="180" height="10" rx="3" fill="#fff" fill-opacity=".5"/>' +
      '<text x="150" y="290" text-anchor="middle" font-family="sans-serif" font-size="18" letter-spacing="2" fill="#fff">RESEARCH REPORT</text>',
  )
}

function newsImage(key: string): string {
  const h = hue(key)
  // Centred: pages crop it to their own box from both sides.
  return svg(
    320,
    240,
    `<defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h},50%,38%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360},45%,22%)"/></linearGradient></defs>` +
      '<rect width="320" height="240" fill="url(#g)"/>' +
      '<circle cx="250" cy="50" r="80" fill="#fff" fill-opacity=".08"/>' +
      '<text x="160" y="200" text-anchor="middle" font-family="sans-serif" font-size="16" letter-spacing="2" fill="#fff">INDUSTRY NEWS</text>',
  )
}

function slide(colour: string): string {
  return svg(
    1920,
    500,
    `<defs><linearGradient id="g" x2="1"><stop offset="0" stop-color="#${colour}"/><stop offset="1" stop-color="#${colour}" stop-opacity=".75"/></linearGradient></defs>` +
      '<rect width="1920" height="500" fill="#0b1b2b"/><rect width="1920" height="500" fill="url(#g)"/>' +
      '<circle cx="1600" cy="120" r="320" fill="#fff" fill-opacity=".06"/><circle cx="1750" cy="460" r="220" fill="#fff" fill-opacity=".05"/>',
  )
}

const GENERATED: [RegExp, (match: string) => string][] = [
  [/^report\/cover-([A-Za-z0-9_-]{1,64})\.svg$/, reportCover],
  [/^fileupload\/generated\/news-([A-Za-z0-9_-]{1,64})\.svg$/, newsImage],
  [/^carousel\/slide-([0-9a-f]{6})\.svg$/, slide],
]

/** The generated image a path under LEGACY_FILES_PREFIX names, or undefined when it names none. */
export function generatedImage(path: string): string | undefined {
  for (const [pattern, render] of GENERATED) {
    const match = pattern.exec(path)
    if (match) return render(match[1] as string)
  }
  return undefined
}

/** Content types of the stored images served under LEGACY_FILES_PREFIX; nothing else is served there. */
export const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
}
