// The settings file as a user, a crash or another program may leave it: cut short, not JSON, JSON of
// the wrong types, a byte-order mark in front. Opening never throws; every value the file holds that is
// valid is kept, each bad one falls back to its default on its own; a damaged file is moved aside
// byte for byte, so nothing the user had is lost.
import fc from 'fast-check'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DEFAULT_SETTINGS, settingsSchema } from '../../main/settings/settings-schema'
import { SettingsService } from '../../main/settings/settings-service'

let root: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'loa-settings-fuzz-'))
})
afterAll(() => rm(root, { recursive: true, force: true }))

type Raw = Record<string, unknown>
const FIELDS = Object.keys(DEFAULT_SETTINGS)

/** The defaults with some fields, or fields inside them, given other values: valid ones and not. */
const mutated: fc.Arbitrary<Raw> = fc
  .array(
    fc.tuple(
      fc.constantFrom(...FIELDS),
      fc.oneof(fc.string(), fc.constant(null)),
      fc.oneof(
        fc.jsonValue(),
        fc.constantFrom('en', 'vi', 'dark', 'https://gw.example.vn', 42, 0.5, true, 'wav'),
      ),
    ),
    { maxLength: 8 },
  )
  .map((changes) => {
    const raw: Raw = structuredClone(DEFAULT_SETTINGS) as unknown as Raw
    for (const [field, sub, value] of changes) {
      const current = raw[field]
      if (sub !== null && typeof current === 'object' && current !== null && !Array.isArray(current)) {
        const keys = Object.keys(current)
        const key = keys[sub.length % Math.max(1, keys.length)] ?? sub
        ;(current as Raw)[key] = value
      } else raw[field] = value
    }
    return raw
  })

const fileText = fc.oneof(
  mutated.map((raw) => JSON.stringify(raw, null, 2)),
  fc.tuple(mutated, fc.nat()).map(([raw, n]) => {
    const text = JSON.stringify(raw)
    return text.slice(0, n % text.length)
  }),
  mutated.map((raw) => `\uFEFF${JSON.stringify(raw)}`),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string(),
)

/** What JSON.parse makes of the file, as the service reads it (a leading BOM is not content). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    return undefined
  }
}

const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v)

let run = 0

describe('opening a settings file in any state', () => {
  it('keeps every valid value, defaults the rest, and moves a damaged file aside unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fileText, fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b))), async (content) => {
        const dir = join(root, String(run++))
        await import('node:fs/promises').then((fs) => fs.mkdir(dir))
        const filePath = join(dir, 'settings.json')
        await writeFile(filePath, content)
        const original = await readFile(filePath)
        const backend = { store: {} as Raw }
        const service = await SettingsService.open({ filePath, openBackend: () => backend })

        const settings = service.get()
        expect(settingsSchema.safeParse(settings).success).toBe(true)
        const raw = parsed(original.toString('utf8'))
        if (isRecord(raw)) {
          for (const field of FIELDS) {
            const schema = settingsSchema.shape[field as keyof typeof settingsSchema.shape]
            const whole = schema.safeParse(raw[field])
            const kept = settings[field as keyof typeof settings] as unknown
            if (raw[field] !== undefined && whole.success) expect(kept).toEqual(whole.data)
            else if (schema instanceof z.ZodObject && isRecord(raw[field]) && isRecord(kept)) {
              // One bad value inside a group costs only that value.
              for (const [sub, subSchema] of Object.entries(schema.shape)) {
                const value = (subSchema as z.ZodType).safeParse((raw[field] as Raw)[sub])
                if (value.success) expect(kept[sub]).toEqual(value.data)
              }
            }
          }
        }
        const restored = service.snapshot().restoredFrom
        if (restored) {
          // Nothing lost: the damaged file is beside the new one, byte for byte.
          expect(await readFile(restored.backupPath)).toEqual(original)
        } else {
          expect((await readdir(dir)).filter((f) => f.includes('damaged'))).toEqual([])
        }
      }),
      { numRuns: 400 },
    ) // prettier-ignore
  })
})
