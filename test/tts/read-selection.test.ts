// The read-selection hotkey's work in main, through the app's composition root (the browser harness's):
// selected text read with the saved Reader settings, an empty selection and a failed reading told in a
// notification in the user's language, with the Reader opened on the failure.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { KeyName } from '../../main/demo/accounts/directory'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { startWebHarness, type WebHarness } from '../../main/web/harness'
import type { Settings } from '../../preload/contract'

let demo: DemoServer | null = null
let harness: WebHarness | null = null
let dataDir: string | null = null
afterEach(async () => {
  await harness?.close()
  await demo?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  harness = demo = dataDir = null
})

/** `tts` null: a fresh profile whose Reader settings nobody has touched. */
async function start(
  key: KeyName,
  tts: Settings['tts'] | null = { model: 'openai/tts-1', voice: 'nova', format: 'wav', speed: 1 },
): Promise<WebHarness> {
  const d = (demo = await startDemoServer({ port: 0, seed: 5, mounts: [] }))
  dataDir = await mkdtemp(join(tmpdir(), 'loa-read-selection-'))
  harness = await startWebHarness({
    dataDir,
    osLocale: 'vi-VN',
    startDemo: async () => ({ baseUrl: d.baseUrl, key: d.keys[key] as string, close: async () => {} }),
  })
  if (tts) await harness.core.settings.update({ tts })
  return harness
}

const views = (h: WebHarness) => {
  const shown: string[] = []
  h.core.events.addSink((channel, payload) => {
    if (channel === 'nav:show') shown.push((payload as { view: string }).view)
  })
  return shown
}

describe('reading the selection aloud', () => {
  it('reads the text with the saved model, voice and format', async () => {
    const h = await start('ordinary')
    await h.core.readSelection('Xin chào các bạn. Hôm nay trời đẹp quá.')
    const reading = h.core.reader.snapshot().reading
    expect(reading).toMatchObject({ state: 'done', model: 'openai/tts-1', voice: 'nova', format: 'wav' })
    expect(h.core.reader.snapshot().text).toBe('Xin chào các bạn. Hôm nay trời đẹp quá.')
    expect(h.desktop.notifications).toEqual([])
  })

  it('says there is nothing to read when nothing is selected, and sends nothing', async () => {
    const h = await start('ordinary')
    await h.core.readSelection('  \n')
    expect(h.core.reader.snapshot().reading).toBeNull()
    expect(h.desktop.notifications).toEqual([
      { title: 'Chưa có văn bản để đọc', body: expect.stringContaining('bôi đen') as unknown as string },
    ])
  })

  it('tells a failed reading in a notification and opens the Reader on it', async () => {
    const h = await start('revoked')
    const shown = views(h)
    await h.core.readSelection('Xin chào.')
    // The account's own notice of a rejected key may come too; this one is the reading's.
    const told = h.desktop.notifications.find((n) => n.title === 'Không đọc được đoạn đã chọn')
    expect(told?.body).toMatch(/\S/)
    expect(shown).toEqual(['reader'])
  })

  it.each<KeyName>(['free', 'basic', 'ordinary', 'ultra', 'reseller', 'internal', 'restricted'])(
    'reads Vietnamese aloud from a fresh profile on the %s key, with a voice in its language',
    async (key) => {
      const h = await start(key, null)
      await h.core.readSelection('Xin chào các bạn. Hôm nay trời đẹp quá.')
      const reading = h.core.reader.snapshot().reading
      expect(reading?.error ?? null).toBeNull()
      expect(reading?.state).toBe('done')
      const { models } = await h.core.reader.models()
      const model = models.find((m) => m.id === reading?.model)
      expect(model?.vietnamese).toBe('native')
      expect(model?.allowedForKey).toBe(true)
      if (model?.voiceRequired) expect(reading?.voice).toMatch(/^vi\b|^vi-|Kore/)
      // The account's own notices (a low balance on the free plan) may come; none of the reading's.
      const titles = h.desktop.notifications.map((n) => n.title)
      expect(titles).not.toContain('Không đọc được đoạn đã chọn')
      expect(titles).not.toContain('Mô hình này đọc tiếng Việt kém')
    },
  )

  it('warns before reading Vietnamese with a model that has English voices only', async () => {
    const m9 = 'elevenlabs/eleven-flash-v2.5'
    const h = await start('ordinary', { model: m9, voice: null, format: 'mp3', speed: 1 })
    await h.core.readSelection('Xin chào các bạn.')
    expect(h.desktop.notifications[0]).toEqual({
      title: 'Mô hình này đọc tiếng Việt kém',
      body: expect.stringContaining(m9) as unknown as string,
    })
    // Said, not refused: the user asked for this model.
    expect(h.core.reader.snapshot().reading).toMatchObject({ model: m9, state: 'done' })
  })
})
