// A Chromium page on the Reader view over the harness and a demo service whose speech requests the test
// can hold: every request after the first waits at a gate until the test opens it, so the test sees the
// first chunk play while the later ones are still being made.
import type { IncomingMessage } from 'node:http'
import type { Browser, Page } from 'playwright-core'
import type { DemoMount } from '../../../main/demo/context'
import { startDemoServer, type DemoServer } from '../../../main/demo/server'
import type { Settings } from '../../../preload/contract'
import { launchChromium } from './browser'
import { startTestHarness } from './harness'

export interface SpeechGate {
  /** Speech requests that reached the service, held or not. */
  requests: number
  held: number
  /** Lets every held request and all later ones through. */
  open(): void
}

export interface ReaderPage {
  browser: Browser
  page: Page
  demo: DemoServer
  gate: SpeechGate
  harness: Awaited<ReturnType<typeof startTestHarness>>
  close(): Promise<void>
}

/** Holds every POST /v1/audio/speech after the first `passFirst` until opened. */
function speechGate(passFirst: number): { gate: SpeechGate; mount: () => DemoMount } {
  let release: () => void = () => {}
  const opened = new Promise<void>((resolve) => (release = resolve))
  const gate: SpeechGate = {
    requests: 0,
    held: 0,
    open: () => release(),
  }
  const isSpeech = (req: IncomingMessage, url: URL) =>
    req.method === 'POST' && url.pathname === '/v1/audio/speech'
  return {
    gate,
    mount: () => ({
      async handleRequest(req, _res, url) {
        if (!isSpeech(req, url)) return false
        gate.requests += 1
        if (gate.requests > passFirst) {
          gate.held += 1
          await opened
          gate.held -= 1
        }
        // Not handled here: the demo's own speech route answers.
        return false
      },
    }),
  }
}

export async function openReaderPage(tts: Partial<Settings['tts']> = {}, passFirst = 1): Promise<ReaderPage> {
  const { gate, mount } = speechGate(passFirst)
  const demo = await startDemoServer({ port: 0, seed: 3, mounts: [mount] })
  const harness = await startTestHarness({
    startDemo: async () => ({
      baseUrl: demo.baseUrl,
      key: demo.keys.ordinary as string,
      close: async () => {},
    }),
    osLocale: 'vi-VN',
  })
  await harness.core.settings.update({
    tts: { model: 'openai/tts-1', voice: 'nova', format: 'mp3', speed: 1, ...tts },
  })
  const browser = await launchChromium(['--autoplay-policy=no-user-gesture-required'])
  const page = await browser.newPage()
  await page.goto(harness.launchUrl('reader'))
  await page.getByTestId('reader-text').waitFor()
  return {
    browser,
    page,
    demo,
    gate,
    harness,
    async close() {
      gate.open()
      await browser.close()
      await harness.close()
      await demo.close()
    },
  }
}
