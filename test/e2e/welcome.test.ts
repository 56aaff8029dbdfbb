// The first-run welcome in real Chromium through the harness, as a new user meets it: a fresh profile opens
// on it, "skip all" is remembered across a restart on the same profile, and a pass through every step does
// each step for real: the language switches, a key is checked with a second demo service standing in for
// the user's gateway, the talk key's down and up arrive through main (pressed where the OS hook would press),
// the WAV microphone moves the meter, a voice sample plays, and the tray text fits the desktop.
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { launchChromium } from './support/browser'
import { startTestHarness } from './support/harness'
import { until } from './support/until'
import { fakeMicArgs, makeSpeech, type SpeechFile } from './support/voice-page'

/** The welcome's own threshold for "Loa hears you" (MicrophoneStep.svelte). */
const HEARD_PEAK = 0.05
/** Two seconds of the meter's reads, at 50 ms each: long enough for any sound in the file to show. */
const SILENT_READS = 40

let browser: Browser
let gateway: DemoServer
let speech: SpeechFile

beforeAll(async () => {
  gateway = await startDemoServer({ port: 0, seed: 21 })
  speech = await makeSpeech()
  browser = await launchChromium(fakeMicArgs(speech.path))
})

afterAll(async () => {
  await browser?.close()
  await gateway?.close()
  if (speech) await rm(speech.dir, { recursive: true, force: true })
})

async function openPage(url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(url)
  return { page, errors }
}

const stepsDone = async (dataDir: string): Promise<unknown> =>
  JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')).welcome

describe('the first-run welcome', { timeout: 120_000 }, () => {
  it('shows on a fresh profile, after "skip all" never again by itself, even after a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'loa-welcome-'))
    try {
      const first = await startTestHarness({ dataDir })
      try {
        const { page, errors } = await openPage(first.launchUrl('voice'))
        await page.getByTestId('welcome').waitFor()
        expect(await page.locator('nav').count()).toBe(0)
        expect(await page.getAttribute('[data-testid="welcome"]', 'data-step')).toBe('language')
        await page.getByTestId('welcome-language-en').check()
        await until(async () => first.core.settings.get().welcome.done.includes('language'), 'the language')
        await page.getByTestId('welcome-skip-all').click()
        await page.waitForSelector('nav')
        expect(await page.getByTestId('welcome').count()).toBe(0)
        expect(errors).toEqual([])
        await page.close()
      } finally {
        await first.close()
      }
      expect(await stepsDone(dataDir)).toEqual({ status: 'skipped', done: ['language'] })

      const again = await startTestHarness({ dataDir })
      try {
        const { page, errors } = await openPage(again.launchUrl('voice'))
        await page.waitForSelector('nav')
        await page.waitForSelector('main[data-view="voice"] h1')
        expect(await page.getByTestId('welcome').count()).toBe(0)
        // Opened again from Settings, it starts at the first step left and does not ask the language again.
        await page.click('nav a[data-view="settings"]')
        await page.getByTestId('welcome-reopen').click()
        await page.getByTestId('welcome').waitFor()
        expect(await page.getAttribute('[data-testid="welcome"]', 'data-step')).toBe('key')
        expect(await page.locator('.steps li[data-done="true"]').allTextContents()).toEqual([
          expect.stringContaining('Language'),
        ])
        await page.getByTestId('welcome-skip-all').click()
        await page.waitForSelector('nav')
        expect(errors).toEqual([])
        await page.close()
      } finally {
        await again.close()
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('goes through every step for real, and opens again from Settings with each step marked done', async () => {
    const h = await startTestHarness({ firstRun: true, desktop: 'ubuntu:GNOME' })
    const { page, errors } = await openPage(h.launchUrl('voice'))
    const welcome = page.getByTestId('welcome')
    const at = async (step: string) =>
      until(async () => (await welcome.getAttribute('data-step')) === step, `the ${step} step`)
    const done = () => h.core.settings.get().welcome.done
    try {
      await welcome.waitFor()
      // The harness's OS locale is Vietnamese; choosing English switches the welcome itself.
      expect(await page.getAttribute('html', 'lang')).toBe('vi')
      await page.getByTestId('welcome-language-en').check()
      await until(async () => (await page.getAttribute('html', 'lang')) === 'en', 'English')
      expect(await page.locator('h1').textContent()).toBe('Welcome to Loa')
      await until(async () => done().includes('language'), 'the language step recorded')

      await page.getByTestId('welcome-next').click()
      await at('key')
      // A refused key is said, and nothing is saved; the right one is checked with the service and saved.
      await page.fill('input[name="baseUrl"]', gateway.baseUrl)
      await page.fill('input[name="key"]', gateway.keys.revoked as string)
      await page.click('form.key-form button[type="submit"]')
      await page.getByTestId('key-error').waitFor()
      expect(done()).not.toContain('key')
      await page.fill('input[name="key"]', gateway.keys.ordinary as string)
      await page.click('form.key-form button[type="submit"]')
      await until(async () => done().includes('key'), 'the key step recorded')
      const key = await h.core.connection.keyStatus()
      expect(key).toMatchObject({ hasKey: true, demo: false, baseUrl: gateway.baseUrl })
      expect(await page.locator('input[name="key"]').inputValue()).toBe('')

      await page.getByTestId('welcome-next').click()
      await at('talkKey')
      await until(async () => h.core.talkKey.watching, 'main to watch the talk key')
      // The browser has no global hotkey: the step says so, and names the Talk button instead.
      await page.getByTestId('welcome-key-mode').waitFor()
      expect(await page.getAttribute('[data-testid="welcome-key-mode"]', 'data-mode')).toBe('none')
      h.core.talkKey.press()
      await until(
        async () => (await page.getAttribute('[data-testid="welcome-key-down"]', 'data-seen')) === 'true',
        'the key-down shown',
      )
      expect(await page.getAttribute('[data-testid="welcome-key-up"]', 'data-seen')).toBe('false')
      h.core.talkKey.release()
      await until(async () => done().includes('talkKey'), 'the talk key step recorded')
      expect(await page.getAttribute('[data-testid="welcome-key-up"]', 'data-seen')).toBe('true')
      // Trying the key opened no conversation.
      expect(h.core.voice.snapshot().status.state).toBe('idle')

      await page.getByTestId('welcome-next').click()
      await at('microphone')
      expect(h.core.talkKey.watching).toBe(false)
      await page.getByTestId('welcome-mic-start').click()
      await until(
        async () => Number(await page.getAttribute('[data-testid="welcome-mic"]', 'data-peak')) > HEARD_PEAK,
        'the meter to move',
      )
      expect(Number(await page.getAttribute('[role="meter"]', 'aria-valuenow'))).toBeGreaterThanOrEqual(0)
      await until(async () => done().includes('microphone'), 'the microphone step recorded')

      await page.getByTestId('welcome-next').click()
      await at('speaker')
      const spentBefore = (await h.core.account.refresh()).me.value?.balance.totalVND
      await page.getByTestId('welcome-speaker-play').click()
      await until(
        async () => (await page.getAttribute('[data-testid="welcome-speaker"]', 'data-phase')) === 'played',
        'the phrase to play out',
        60_000,
      )
      await page.getByTestId('welcome-speaker-heard').click()
      await until(async () => done().includes('speaker'), 'the speaker step recorded')
      // The sample is the service's preview: the balance did not move.
      expect((await h.core.account.refresh()).me.value?.balance.totalVND).toBe(spentBefore)

      await page.getByTestId('welcome-next').click()
      await at('tray')
      expect(await page.getAttribute('[data-testid="welcome-tray-place"]', 'data-place')).toBe(
        'welcome.tray.gnome',
      )
      expect(await page.getByTestId('welcome-tray-place').textContent()).toContain('AppIndicator')
      await page.getByTestId('welcome-tray-seen').click()
      await until(async () => done().includes('tray'), 'the tray step recorded')

      await page.getByTestId('welcome-finish').click()
      await page.waitForSelector('nav')
      expect(h.core.settings.get().welcome).toEqual({
        status: 'finished',
        done: ['language', 'key', 'talkKey', 'microphone', 'speaker', 'tray'],
      })

      // Again from Settings: every step is marked done, nothing is asked as if new.
      await page.click('nav a[data-view="settings"]')
      await page.getByTestId('welcome-reopen').click()
      await welcome.waitFor()
      expect(await page.locator('.steps li[data-done="true"]').count()).toBe(6)
      await page.getByTestId('welcome-skip-all').click()
      await page.waitForSelector('nav')
      // Skipping the second pass leaves the first one finished.
      expect(h.core.settings.get().welcome.status).toBe('finished')
      expect(errors).toEqual([])
    } finally {
      await page.close()
      await h.close()
    }
  })

  it('does not count a silent microphone as heard', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loa-welcome-silence-'))
    const silence = join(dir, 'silence.wav')
    execFileSync('sox', ['-n', '-r', '48000', '-c', '1', '-b', '16', silence, 'trim', '0', '3'])
    const quiet = await launchChromium(fakeMicArgs(silence))
    const h = await startTestHarness({ firstRun: true })
    try {
      h.core.settings.update({ welcome: { done: ['language', 'key', 'talkKey'] } })
      const page = await quiet.newPage()
      await page.goto(h.launchUrl('voice'))
      await page.getByTestId('welcome').waitFor()
      expect(await page.getAttribute('[data-testid="welcome"]', 'data-step')).toBe('microphone')
      await page.getByTestId('welcome-mic-start').click()
      const mic = page.getByTestId('welcome-mic')
      await until(async () => Number(await mic.getAttribute('data-reads')) >= SILENT_READS, 'the meter read')
      expect(Number(await mic.getAttribute('data-peak'))).toBeLessThanOrEqual(HEARD_PEAK)
      expect(h.core.settings.get().welcome.done).not.toContain('microphone')
      expect(await page.getByTestId('welcome-next').textContent()).toBe('Bỏ qua bước này')
    } finally {
      await quiet.close()
      await h.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
