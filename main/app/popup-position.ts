// Where the tray popup opens: beside the tray icon, on the side away from the taskbar, inside the work area
// of the display that holds the icon. Pure, so every taskbar edge and monitor layout can be tested.

export interface Point {
  x: number
  y: number
}

export interface Rect extends Point {
  width: number
  height: number
}

export interface DisplayArea {
  /** The whole display. */
  bounds: Rect
  /** The display minus taskbars, docks and menu bars. */
  workArea: Rect
}

export type TaskbarEdge = 'top' | 'bottom' | 'left' | 'right'

export interface PopupPlacementInput {
  /** The tray icon's bounds; all zero where the platform does not report them (Linux). */
  trayBounds: Rect
  /** Where the pointer was when the tray was clicked: the anchor when the tray bounds are unknown. */
  cursor: Point
  displays: readonly DisplayArea[]
  windowSize: { width: number; height: number }
}

export interface PopupPlacement extends Point {
  edge: TaskbarEdge
}

/** Space kept between the popup and the taskbar or the screen's edge. */
export const POPUP_GAP_PX = 8

export function popupPosition(input: PopupPlacementInput): PopupPlacement {
  const anchor = hasArea(input.trayBounds) ? centre(input.trayBounds) : input.cursor
  const display = displayNearest(input.displays, anchor)
  const edge = taskbarEdge(display, anchor)
  const { width, height } = input.windowSize
  const wa = display.workArea
  let x: number
  let y: number
  switch (edge) {
    case 'top':
      x = anchor.x - width / 2
      y = wa.y + POPUP_GAP_PX
      break
    case 'bottom':
      x = anchor.x - width / 2
      y = wa.y + wa.height - height - POPUP_GAP_PX
      break
    case 'left':
      x = wa.x + POPUP_GAP_PX
      y = anchor.y - height / 2
      break
    case 'right':
      x = wa.x + wa.width - width - POPUP_GAP_PX
      y = anchor.y - height / 2
      break
  }
  return {
    x: Math.round(clamp(x, wa.x + POPUP_GAP_PX, wa.x + wa.width - width - POPUP_GAP_PX)),
    y: Math.round(clamp(y, wa.y + POPUP_GAP_PX, wa.y + wa.height - height - POPUP_GAP_PX)),
    edge,
  }
}

/**
 * Which edge the tray sits on. An icon outside the work area is on the taskbar that carved it away (this tells
 * the macOS menu bar from a larger dock). An icon inside it (auto-hidden taskbar, or the cursor standing in for
 * unknown tray bounds) is taken to be on the nearest edge of its display.
 */
export function taskbarEdge(display: DisplayArea, anchor: Point): TaskbarEdge {
  const wa = display.workArea
  if (anchor.y < wa.y) return 'top'
  if (anchor.y >= wa.y + wa.height) return 'bottom'
  if (anchor.x < wa.x) return 'left'
  if (anchor.x >= wa.x + wa.width) return 'right'
  const b = display.bounds
  const distances: Array<[TaskbarEdge, number]> = [
    ['bottom', b.y + b.height - anchor.y],
    ['top', anchor.y - b.y],
    ['right', b.x + b.width - anchor.x],
    ['left', anchor.x - b.x],
  ]
  return distances.reduce((best, d) => (d[1] < best[1] ? d : best))[0]
}

/** The display containing `p`, or else the one whose bounds come closest to it. */
export function displayNearest(displays: readonly DisplayArea[], p: Point): DisplayArea {
  const first = displays[0]
  if (!first) throw new Error('No display to place the popup on')
  let best = first
  let bestDistance = Infinity
  for (const d of displays) {
    const distance = distanceToRect(d.bounds, p)
    if (distance < bestDistance) {
      best = d
      bestDistance = distance
    }
  }
  return best
}

function distanceToRect(r: Rect, p: Point): number {
  const dx = Math.max(r.x - p.x, 0, p.x - (r.x + r.width - 1))
  const dy = Math.max(r.y - p.y, 0, p.y - (r.y + r.height - 1))
  return Math.hypot(dx, dy)
}

function hasArea(r: Rect): boolean {
  return r.width > 0 && r.height > 0
}

function centre(r: Rect): Point {
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 }
}

/** Keeps [lo, hi]; a window larger than the space is pinned to `lo` so its top-left stays visible. */
function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(v, hi))
}
