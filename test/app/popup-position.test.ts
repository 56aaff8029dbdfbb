import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { POPUP_GAP_PX, popupPosition, type DisplayArea, type Rect } from '../../main/app/popup-position'

const SIZE = { width: 360, height: 480 }
const NO_BOUNDS: Rect = { x: 0, y: 0, width: 0, height: 0 }

function display(
  bounds: Rect,
  insets: { top?: number; bottom?: number; left?: number; right?: number },
): DisplayArea {
  const { top = 0, bottom = 0, left = 0, right = 0 } = insets
  return {
    bounds,
    workArea: {
      x: bounds.x + left,
      y: bounds.y + top,
      width: bounds.width - left - right,
      height: bounds.height - top - bottom,
    },
  }
}

function inside(p: { x: number; y: number }, wa: Rect): boolean {
  return (
    p.x >= wa.x && p.y >= wa.y && p.x + SIZE.width <= wa.x + wa.width && p.y + SIZE.height <= wa.y + wa.height
  )
}

describe('popupPosition', () => {
  const fullHd = display({ x: 0, y: 0, width: 1920, height: 1080 }, { bottom: 40 })

  it('opens above a bottom taskbar, centred on the tray icon (Windows)', () => {
    const p = popupPosition({
      trayBounds: { x: 1700, y: 1048, width: 24, height: 24 },
      cursor: { x: 0, y: 0 },
      displays: [fullHd],
      windowSize: SIZE,
    })
    expect(p).toEqual({ edge: 'bottom', x: 1712 - 180, y: 1040 - 480 - POPUP_GAP_PX })
  })

  it('stays on screen when the icon is at the far corner', () => {
    const p = popupPosition({
      trayBounds: { x: 1896, y: 1048, width: 24, height: 24 },
      cursor: { x: 0, y: 0 },
      displays: [fullHd],
      windowSize: SIZE,
    })
    expect(p.x).toBe(1920 - 360 - POPUP_GAP_PX)
    expect(inside(p, fullHd.workArea)).toBe(true)
  })

  it('opens below the macOS menu bar even when the dock takes more space at the bottom', () => {
    const mac = display({ x: 0, y: 0, width: 1440, height: 900 }, { top: 25, bottom: 70 })
    const p = popupPosition({
      trayBounds: { x: 1200, y: 0, width: 22, height: 24 },
      cursor: { x: 0, y: 0 },
      displays: [mac],
      windowSize: SIZE,
    })
    expect(p).toEqual({ edge: 'top', x: 1211 - 180, y: 25 + POPUP_GAP_PX })
  })

  it('opens beside a left taskbar, clamped to the bottom of the work area', () => {
    const left = display({ x: 0, y: 0, width: 1920, height: 1080 }, { left: 60 })
    const p = popupPosition({
      trayBounds: { x: 10, y: 1000, width: 40, height: 40 },
      cursor: { x: 0, y: 0 },
      displays: [left],
      windowSize: SIZE,
    })
    expect(p).toEqual({ edge: 'left', x: 60 + POPUP_GAP_PX, y: 1080 - 480 - POPUP_GAP_PX })
  })

  it('opens beside a right taskbar, clamped to the top of the work area', () => {
    const right = display({ x: 0, y: 0, width: 1920, height: 1080 }, { right: 60 })
    const p = popupPosition({
      trayBounds: { x: 1870, y: 20, width: 40, height: 40 },
      cursor: { x: 0, y: 0 },
      displays: [right],
      windowSize: SIZE,
    })
    expect(p).toEqual({ edge: 'right', x: 1860 - 360 - POPUP_GAP_PX, y: POPUP_GAP_PX })
  })

  it('uses the display that holds the tray icon, with negative and offset coordinates', () => {
    const leftScreen = display({ x: -2560, y: -200, width: 2560, height: 1440 }, { top: 30 })
    const primary = display({ x: 0, y: 0, width: 1920, height: 1080 }, {})
    const rightScreen = display({ x: 1920, y: 300, width: 1280, height: 1024 }, { bottom: 48 })
    const displays = [primary, leftScreen, rightScreen]

    const onLeft = popupPosition({
      trayBounds: { x: -300, y: -195, width: 22, height: 22 },
      cursor: { x: 0, y: 0 },
      displays,
      windowSize: SIZE,
    })
    expect(onLeft).toEqual({ edge: 'top', x: -289 - 180, y: -170 + POPUP_GAP_PX })
    expect(inside(onLeft, leftScreen.workArea)).toBe(true)

    const onRight = popupPosition({
      trayBounds: { x: 3150, y: 1290, width: 24, height: 24 },
      cursor: { x: 0, y: 0 },
      displays,
      windowSize: SIZE,
    })
    expect(onRight.edge).toBe('bottom')
    expect(onRight.y).toBe(300 + 1024 - 48 - 480 - POPUP_GAP_PX)
    expect(inside(onRight, rightScreen.workArea)).toBe(true)
  })

  it('anchors at the cursor when the platform reports no tray bounds (Linux)', () => {
    const gnome = display({ x: 0, y: 0, width: 1920, height: 1080 }, { top: 32 })
    const p = popupPosition({
      trayBounds: NO_BOUNDS,
      cursor: { x: 1800, y: 12 },
      displays: [gnome],
      windowSize: SIZE,
    })
    expect(p).toEqual({ edge: 'top', x: 1920 - 360 - POPUP_GAP_PX, y: 32 + POPUP_GAP_PX })
  })

  it('takes the nearest edge when the taskbar hides itself', () => {
    const autoHide = display({ x: 0, y: 0, width: 1920, height: 1080 }, {})
    const p = popupPosition({
      trayBounds: { x: 1700, y: 1050, width: 24, height: 24 },
      cursor: { x: 0, y: 0 },
      displays: [autoHide],
      windowSize: SIZE,
    })
    expect(p.edge).toBe('bottom')
    expect(p.y).toBe(1080 - 480 - POPUP_GAP_PX)
  })

  it('always lands inside the chosen work area when it fits', () => {
    const arbDisplay = fc
      .record({
        x: fc.integer({ min: -4000, max: 4000 }),
        y: fc.integer({ min: -2000, max: 2000 }),
        width: fc.integer({ min: 800, max: 3840 }),
        height: fc.integer({ min: 640, max: 2160 }),
        top: fc.integer({ min: 0, max: 60 }),
        bottom: fc.integer({ min: 0, max: 60 }),
        left: fc.integer({ min: 0, max: 60 }),
        right: fc.integer({ min: 0, max: 60 }),
      })
      .map(({ x, y, width, height, ...insets }) => display({ x, y, width, height }, insets))
    fc.assert(
      fc.property(
        arbDisplay,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (d, fx, fy) => {
          const b = d.bounds
          const tray = {
            x: Math.round(b.x + fx * (b.width - 24)),
            y: Math.round(b.y + fy * (b.height - 24)),
            width: 24,
            height: 24,
          }
          const p = popupPosition({
            trayBounds: tray,
            cursor: { x: 0, y: 0 },
            displays: [d],
            windowSize: SIZE,
          })
          expect(inside(p, d.workArea)).toBe(true)
          expect(Number.isInteger(p.x) && Number.isInteger(p.y)).toBe(true)
        },
      ),
    )
  })

  it('refuses to place a popup with no display at all', () => {
    expect(() =>
      popupPosition({ trayBounds: NO_BOUNDS, cursor: { x: 0, y: 0 }, displays: [], windowSize: SIZE }),
    ).toThrow()
  })
})
