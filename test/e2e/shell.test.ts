// The app shell in real Chromium through the browser harness: navigation, language, theme, setting a key,
// and the key appearing nowhere the renderer can see.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { harnessAndGateway } from './support/harness-and-gateway'

const rig = harnessAndGateway()

async function openPage(view = 'voice'): Promise<Page> {
  const page = await rig.browser.newPage()
  await page.goto(rig.harness.launchUrl(view as 'voice'))
  await page.waitForSelector('nav')
  return page
}

describe('navigation', () => {
  it('moves between every view and marks the current one', async () => {
    const page = await openPage()
    const titles: Record<string, string> = {
      reader: 'Đọc văn bản',
      usage: 'Sử dụng',
      catalog: 'Danh mục mô hình',
      settings: 'Cài đặt',
      voice: 'Trò chuyện',
    }
    for (const [view, title] of Object.entries(titles)) {
      await page.click(`nav a[data-view="${view}"]`)
      await expect.poll(() => page.textContent('main h1')).toBe(title)
      expect(await page.getAttribute(`nav a[data-view="${view}"]`, 'aria-current')).toBe('page')
      expect(page.url()).toMatch(new RegExp(`#/${view}$`))
    }
    await page.close()
  })

  it('follows nav:show pushed by main', async () => {
    const page = await openPage('voice')
    rig.harness.core.events.emit('nav:show', { view: 'catalog' })
    await expect.poll(() => page.textContent('main h1')).toBe('Danh mục mô hình')
    await page.close()
  })

  it('shows the demo badge while running against the embedded demo service', async () => {
    const page = await openPage()
    expect(await page.textContent('[data-testid="demo-badge"]')).toBe('Demo')
    await page.close()
  })

  it('serves the popup surface', async () => {
    const page = await rig.browser.newPage()
    await page.goto(rig.harness.launchUrl('popup'))
    await page.waitForSelector('[data-testid="popup-balance"]')
    expect(await page.isVisible('nav')).toBe(false)
    await page.close()
  })
})

describe('language and theme', () => {
  it('switches language at runtime, in every open window', async () => {
    const page = await openPage('settings')
    const other = await openPage('voice')
    await page.selectOption('select[name="language"]', 'en')
    await expect.poll(() => page.textContent('nav a[data-view="voice"]')).toBe('Voice')
    await expect.poll(() => other.textContent('main h1')).toBe('Voice')
    expect(await page.getAttribute('html', 'lang')).toBe('en')
    await page.selectOption('select[name="language"]', 'vi')
    await expect.poll(() => page.textContent('nav a[data-view="voice"]')).toBe('Trò chuyện')
    await expect.poll(() => other.textContent('main h1')).toBe('Trò chuyện')
    await page.close()
    await other.close()
  })

  it('follows the OS colour scheme and the theme setting', async () => {
    const page = await rig.browser.newPage({ colorScheme: 'dark' })
    await page.goto(rig.harness.launchUrl('settings'))
    await page.waitForSelector('nav')
    await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe('dark')
    await page.selectOption('select[name="theme"]', 'light')
    await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe('light')
    await page.selectOption('select[name="theme"]', 'system')
    await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe('dark')
    await page.close()
  })

  it('serves every page under the strict CSP, and the page obeys it', async () => {
    const page = await rig.browser.newPage()
    const violations: string[] = []
    page.on('console', (m) => m.text().includes('Content Security Policy') && violations.push(m.text()))
    const res = await page.goto(rig.harness.launchUrl('voice'))
    await page.waitForSelector('nav')
    const csp = (await res!.allHeaders())['content-security-policy'] ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain(`connect-src ${rig.harness.origin.replace('http', 'ws')}`)
    expect(csp).not.toMatch(/unsafe-(eval|inline)/)
    // Anything the page tries outside the policy is blocked: a fetch to the network fails.
    const blocked = await page.evaluate(() =>
      fetch('http://127.0.0.1:9/').then(
        () => false,
        () => true,
      ),
    )
    expect(blocked).toBe(true)
    expect(violations.some((v) => v.includes('connect-src'))).toBe(true)
    await page.close()
  })

  it('refuses a page without a launch token', async () => {
    const page = await rig.browser.newPage()
    const res = await page.goto(`${rig.harness.origin}/`)
    expect(res?.status()).toBe(403)
    await page.close()
  })
})

describe('the API key', () => {
  it('is validated by main, saved, and never shown back to the renderer', async () => {
    const page = await openPage('settings')
    const received: string[] = []
    const sent: string[] = []
    page.on('websocket', (ws) => {
      ws.on('framereceived', (f) => received.push(String(f.payload)))
      ws.on('framesent', (f) => sent.push(String(f.payload)))
    })
    // Sockets opened before the listener: reload so every frame of this page is seen.
    await page.reload()
    await page.waitForSelector('input[name="key"]')

    await page.fill('input[name="baseUrl"]', rig.gateway.baseUrl)
    const revoked = rig.gateway.keys.revoked!
    await page.fill('input[name="key"]', revoked)
    await page.click('button[type="submit"]')
    await expect.poll(() => page.textContent('[data-testid="key-error"]')).toContain('không chấp nhận')
    expect(await page.inputValue('input[name="key"]')).toBe('')
    expect(rig.harness.core.connection.keyStatus().hasKey).toBe(false)

    const key = rig.gateway.keys.ordinary!
    await page.fill('input[name="key"]', key)
    await page.click('button[type="submit"]')
    await expect.poll(() => page.textContent('[data-testid="key-status"]')).toContain(`…${key.slice(-4)}`)
    await expect.poll(() => page.isVisible('[data-testid="demo-badge"]')).toBe(false)
    expect(rig.harness.core.connection.endpoint()).toEqual({ baseUrl: rig.gateway.baseUrl, key })

    // The key went up once, in key:set; it never comes back down, and the page keeps no copy.
    for (const secret of [key, revoked]) {
      expect(received.filter((f) => f.includes(secret))).toEqual([])
      expect(sent.filter((f) => f.includes(secret) && !f.includes('"channel":"key:set"'))).toEqual([])
      const pageText = await page.evaluate(() => {
        const inputs = [...document.querySelectorAll('input')].map((i) => i.value).join('\n')
        const storage = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })
        return `${document.documentElement.outerHTML}\n${inputs}\n${storage}`
      })
      expect(pageText.includes(secret)).toBe(false)
    }
    expect(received.length).toBeGreaterThan(3)

    await page.click('text=Xóa khóa')
    await expect.poll(() => page.isVisible('[data-testid="demo-badge"]')).toBe(true)
    expect(rig.harness.core.connection.keyStatus().hasKey).toBe(false)
    await page.close()
  })
})

describe('the audio port', () => {
  it('gives the page a MessagePort whose other end is main', async () => {
    const page = await openPage()
    const frames: Array<{ rateHz: number; samples: Float32Array }> = []
    rig.harness.core.audioPorts.setCaptureConsumer((rateHz, samples) => frames.push({ rateHz, samples }))
    const rtt = await page.evaluate(async () => {
      const port = await new Promise<MessagePort>((resolve) => {
        window.addEventListener('message', (e) => e.data === 'loa:audio-port' && resolve(e.ports[0]!))
        void window.loa.audio.openPort()
      })
      const pong = new Promise<unknown>((resolve) => (port.onmessage = (e) => resolve(e.data)))
      port.postMessage({ type: 'ping', id: 42 })
      port.postMessage({ type: 'capture', rateHz: 48000, samples: new Int16Array(960).fill(8192) })
      return pong
    })
    expect(rtt).toEqual({ type: 'pong', id: 42 })
    await expect.poll(() => frames.length).toBe(1)
    expect(frames[0]!.rateHz).toBe(48000)
    // The relay carried the page's Int16 bytes; main hands its consumer Int16 / 32768.
    expect(frames[0]!.samples).toEqual(new Float32Array(960).fill(0.25))
    expect(rig.harness.core.audioPorts.captureReceived.bytes).toBe(2 * 960)
    rig.harness.core.audioPorts.setCaptureConsumer(null)
    await page.close()
  })
})
