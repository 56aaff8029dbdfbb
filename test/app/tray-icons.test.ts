import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  APP_ICON_FILE,
  APP_ICON_SIZE_PX,
  TRAY_ICON_DIR,
  TRAY_ICON_SIZE_PX,
  TRAY_STATES,
  TRAY_VARIANTS,
  trayIconFileName,
  trayVariant,
} from '../../main/app/tray-icons'

const ASSETS = join(import.meta.dirname, '..', '..', 'assets')

/** Decodes the PNGs make-icons.ts writes: 8-bit RGBA, filter 0 on every row. */
function readPng(path: string): { width: number; height: number; rgba: Uint8Array } {
  const file = readFileSync(path)
  expect(file.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  let offset = 8
  let width = 0
  let height = 0
  const idat: Buffer[] = []
  while (offset < file.length) {
    const length = file.readUInt32BE(offset)
    const type = file.toString('ascii', offset + 4, offset + 8)
    const data = file.subarray(offset + 8, offset + 8 + length)
    if (type === 'IHDR') {
      width = data.readUInt32BE(0)
      height = data.readUInt32BE(4)
      expect([data[8], data[9]]).toEqual([8, 6])
    }
    if (type === 'IDAT') idat.push(data)
    offset += 12 + length
  }
  const raw = inflateSync(Buffer.concat(idat))
  const rgba = new Uint8Array(width * height * 4)
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width * 4 + 1)]).toBe(0)
    rgba.set(raw.subarray(y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1)), y * width * 4)
  }
  return { width, height, rgba }
}

function opaqueShare(rgba: Uint8Array): number {
  let n = 0
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! > 127) n++
  return n / (rgba.length / 4)
}

describe('tray icons', () => {
  it('exist for every state and variant at 1x and 2x, at the right size', () => {
    for (const variant of TRAY_VARIANTS) {
      for (const state of TRAY_STATES) {
        for (const scale of [1, 2] as const) {
          const png = readPng(join(ASSETS, TRAY_ICON_DIR, trayIconFileName(state, variant, scale)))
          expect(png.width).toBe(TRAY_ICON_SIZE_PX * scale)
          expect(png.height).toBe(TRAY_ICON_SIZE_PX * scale)
          const share = opaqueShare(png.rgba)
          expect(share, `${state}-${variant}@${scale}`).toBeGreaterThan(0.15)
          expect(share, `${state}-${variant}@${scale}`).toBeLessThan(0.8)
        }
      }
    }
  })

  it('draw each state differently', () => {
    for (const variant of TRAY_VARIANTS) {
      const images = TRAY_STATES.map((s) =>
        Buffer.from(readPng(join(ASSETS, TRAY_ICON_DIR, trayIconFileName(s, variant, 2))).rgba),
      )
      expect(new Set(images.map((b) => b.toString('base64'))).size).toBe(TRAY_STATES.length)
    }
  })

  it('make template images black, as macOS expects', () => {
    const { rgba } = readPng(join(ASSETS, TRAY_ICON_DIR, trayIconFileName('speaking', 'Template', 2)))
    for (let i = 0; i < rgba.length; i += 4) {
      if (rgba[i + 3]! > 0) expect([rgba[i], rgba[i + 1], rgba[i + 2]]).toEqual([0, 0, 0])
    }
  })

  it('pick a light glyph for dark taskbars and the template on macOS', () => {
    expect(trayVariant('win32', true)).toBe('dark')
    expect(trayVariant('linux', false)).toBe('light')
    expect(trayVariant('darwin', false)).toBe('Template')
    expect(trayIconFileName('low', 'Template', 2)).toBe('tray-low-Template@2x.png')
  })

  it('include the app icon at full size', () => {
    const icon = readPng(join(ASSETS, APP_ICON_FILE))
    expect([icon.width, icon.height]).toEqual([APP_ICON_SIZE_PX, APP_ICON_SIZE_PX])
    // Opaque in the middle, transparent in the rounded corner.
    const at = (x: number, y: number) => icon.rgba[(y * icon.width + x) * 4 + 3]
    expect(at(256, 256)).toBe(255)
    expect(at(2, 2)).toBe(0)
  })
})
