// The read-selection hotkey's work in main, through the app's composition root (the browser harness's):
// selected text read with the saved Reader settings, an empty selection and a failed reading told in a
// notification in the user's language, with the Reader opened on the failure.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { startWebHarness, type WebHarness } from '../../main/web/harness'

let demo: DemoServer | null = null
let harness: WebHarness | null = null
let dataDir: string | null = null
afterEach(async () => {
  await harness?.close()
  await demo?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  harness = demo = dataDir = null
})

async function start(key: 'ordinary' | 'revoked'): Promise<WebHarness> {
  const d = (demo = await startDemoServer({ port: 0, seed: 5, mounts: [] }))
  dataDir = await mkdtemp(join(tmpdir(), 'loa-read-selection-'))
  harness = await startWebHarness({
    dataDir,
    osLocale: 'vi-VN',
    startDemo: async () => ({ baseUrl: d.baseUrl, key: d.keys[key] as string, close: async () => {} }),
  })
  await harness.core.settings.update({
    tts: { model: 'openai/tts-1', voice: 'nova', format: 'wav', speed: 1 },
  })
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
})
