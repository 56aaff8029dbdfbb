// Draws Loa's tray icons and app icon from simple geometry and writes them as PNG, with Node alone.
// Run: `npx tsx assets/make-icons.ts`. The output is committed; rerun after changing a shape or a colour.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { crc32, deflateSync } from 'node:zlib'
import {
  APP_ICON_FILE,
  APP_ICON_SIZE_PX,
  TRAY_ICON_DIR,
  TRAY_ICON_SCALES,
  TRAY_ICON_SIZE_PX,
  TRAY_STATES,
  TRAY_VARIANTS,
  trayIconFileName,
  type TrayState,
  type TrayVariant,
} from '../main/app/tray-icons'

type Rgba = readonly [number, number, number, number]
/** Shapes are drawn in a 16 × 16 unit square whatever the output size. */
type Shape = (x: number, y: number) => boolean
type Paint = Rgba | ((x: number, y: number) => Rgba)
interface Layer {
  shape: Shape
  paint: Paint
}

const UNITS = 16
/** Samples per pixel along each axis: 4 × 4 gives smooth edges even at 16 px. */
const SUPERSAMPLE = 4
const CLEAR: Rgba = [0, 0, 0, 0]

// ---- shapes ----

function polygon(points: ReadonlyArray<readonly [number, number]>): Shape {
  return (x, y) => {
    let inside = false
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [xi, yi] = points[i]!
      const [xj, yj] = points[j]!
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
    }
    return inside
  }
}

function circle(cx: number, cy: number, r: number): Shape {
  return (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r
}

/** A ring sector opening to the right, `halfAngleDeg` above and below the horizontal. */
function arc(cx: number, cy: number, rInner: number, rOuter: number, halfAngleDeg: number): Shape {
  const limit = (halfAngleDeg * Math.PI) / 180
  return (x, y) => {
    const d = Math.hypot(x - cx, y - cy)
    return d >= rInner && d <= rOuter && Math.abs(Math.atan2(y - cy, x - cx)) <= limit
  }
}

/** A line from (x1, y1) to (x2, y2) with round ends. */
function capsule(x1: number, y1: number, x2: number, y2: number, r: number): Shape {
  const dx = x2 - x1
  const dy = y2 - y1
  const len2 = dx * dx + dy * dy
  return (x, y) => {
    const t = Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / len2))
    return (x - (x1 + t * dx)) ** 2 + (y - (y1 + t * dy)) ** 2 <= r * r
  }
}

function roundRect(x0: number, y0: number, w: number, h: number, r: number): Shape {
  return (x, y) => {
    if (x < x0 || y < y0 || x > x0 + w || y > y0 + h) return false
    const cx = Math.min(Math.max(x, x0 + r), x0 + w - r)
    const cy = Math.min(Math.max(y, y0 + r), y0 + h - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
  }
}

/** Draws `shape` scaled by `scale` about the unit square's centre, with its own point (ox, oy) at the centre. */
function placed(shape: Shape, scale: number, ox: number, oy: number): Shape {
  const c = UNITS / 2
  return (x, y) => shape((x - c) / scale + ox, (y - c) / scale + oy)
}

// ---- the speaker glyph ----

// Straight edges sit on whole units so the 16 px icon stays crisp where it can.
const SPEAKER = polygon([
  [1, 5],
  [4, 5],
  [7, 2],
  [7, 14],
  [4, 11],
  [1, 11],
])
const WAVES = [arc(7, 8, 2, 3.5, 50), arc(7, 8, 4.5, 6, 50), arc(7, 8, 7, 8.5, 42)] as const
const BADGE = circle(12.75, 12.25, 2.75)
const BADGE_CUT = circle(12.75, 12.25, 3.5)
/** The listening state's "recording" dot, where the waves would be. */
const LISTEN_DOT = circle(11.5, 8, 2.4)
const CROSS = [capsule(10, 5.5, 14.5, 10, 0.85), capsule(10, 10, 14.5, 5.5, 0.85)] as const

interface Palette {
  glyph: Rgba
  talking: Rgba
  low: Rgba
  error: Rgba
}

const PALETTES: Record<TrayVariant, Palette> = {
  light: {
    glyph: [36, 41, 47, 255],
    talking: [26, 127, 55, 255],
    low: [191, 135, 0, 255],
    error: [207, 34, 46, 255],
  },
  dark: {
    glyph: [240, 242, 245, 255],
    talking: [63, 185, 80, 255],
    low: [227, 179, 65, 255],
    error: [248, 81, 73, 255],
  },
  // The menu bar uses only the alpha of a template image, so states differ by shape alone.
  Template: { glyph: [0, 0, 0, 255], talking: [0, 0, 0, 255], low: [0, 0, 0, 255], error: [0, 0, 0, 255] },
}

function trayLayers(state: TrayState, p: Palette): Layer[] {
  const speaker: Layer = { shape: SPEAKER, paint: p.glyph }
  const wave = (i: 0 | 1 | 2, paint: Rgba): Layer => ({ shape: WAVES[i], paint })
  switch (state) {
    case 'normal':
      return [speaker, wave(0, p.glyph), wave(1, p.glyph)]
    case 'listening':
      return [speaker, { shape: LISTEN_DOT, paint: p.talking }]
    case 'speaking':
      return [speaker, wave(0, p.talking), wave(1, p.talking), wave(2, p.talking)]
    case 'low':
      // The cut keeps a clear ring between the badge and the glyph, so the badge reads as separate.
      return [speaker, wave(0, p.glyph), { shape: BADGE_CUT, paint: CLEAR }, { shape: BADGE, paint: p.low }]
    case 'error':
      return [speaker, ...CROSS.map((shape) => ({ shape, paint: p.error }))]
  }
}

function appIconLayers(): Layer[] {
  // A blue tile, lighter at the top, with the white speaker and two waves centred on it.
  const tile: Paint = (_x, y) => {
    const t = y / UNITS
    return [Math.round(59 - 30 * t), Math.round(130 - 40 * t), Math.round(246 - 30 * t), 255]
  }
  const white: Rgba = [255, 255, 255, 255]
  const s = 0.68
  const [cx, cy] = [6.8, 8]
  return [
    { shape: roundRect(0.5, 0.5, 15, 15, 3.5), paint: tile },
    { shape: placed(SPEAKER, s, cx, cy), paint: white },
    { shape: placed(WAVES[0], s, cx, cy), paint: white },
    { shape: placed(WAVES[1], s, cx, cy), paint: white },
  ]
}

// ---- raster and PNG ----

/** Renders layers (later ones on top; a clear paint erases) into straight-alpha RGBA. */
function render(layers: readonly Layer[], sizePx: number): Uint8Array {
  const out = new Uint8Array(sizePx * sizePx * 4)
  const unitsPerPx = UNITS / sizePx
  const n = SUPERSAMPLE * SUPERSAMPLE
  for (let py = 0; py < sizePx; py++) {
    for (let px = 0; px < sizePx; px++) {
      let r = 0
      let g = 0
      let b = 0
      let a = 0
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const x = (px + (sx + 0.5) / SUPERSAMPLE) * unitsPerPx
          const y = (py + (sy + 0.5) / SUPERSAMPLE) * unitsPerPx
          const c = topColour(layers, x, y)
          // Premultiplied sums, so edges against transparency do not darken.
          const alpha = c[3] / 255
          r += c[0] * alpha
          g += c[1] * alpha
          b += c[2] * alpha
          a += alpha
        }
      }
      const i = (py * sizePx + px) * 4
      if (a > 0) {
        out[i] = Math.round(r / a)
        out[i + 1] = Math.round(g / a)
        out[i + 2] = Math.round(b / a)
        out[i + 3] = Math.round((a / n) * 255)
      }
    }
  }
  return out
}

function topColour(layers: readonly Layer[], x: number, y: number): Rgba {
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i]!
    if (layer.shape(x, y)) return typeof layer.paint === 'function' ? layer.paint(x, y) : layer.paint
  }
  return CLEAR
}

/** 8-bit RGBA PNG, every row with filter 0: small enough for icons, and simple to check. */
function encodePng(rgba: Uint8Array, width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height)
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1)
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 6 // colour type: RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0)
  return Buffer.concat([head, data, crc])
}

function write(path: string, layers: readonly Layer[], sizePx: number): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, encodePng(render(layers, sizePx), sizePx, sizePx))
}

function main(): void {
  const assetsDir = dirname(fileURLToPath(import.meta.url))
  for (const variant of TRAY_VARIANTS) {
    for (const state of TRAY_STATES) {
      for (const scale of TRAY_ICON_SCALES) {
        const file = join(assetsDir, TRAY_ICON_DIR, trayIconFileName(state, variant, scale))
        write(file, trayLayers(state, PALETTES[variant]), TRAY_ICON_SIZE_PX * scale)
      }
    }
  }
  write(join(assetsDir, APP_ICON_FILE), appIconLayers(), APP_ICON_SIZE_PX)
}

main()
