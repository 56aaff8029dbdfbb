import { describe, expect, it } from 'vitest'
import { APP_CSP, buildCsp, devCsp } from '../../main/app/csp'

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/)
      return [name!, sources]
    }),
  )
}

describe('APP_CSP', () => {
  it('is the strict policy: our own files only, no network from the page', () => {
    expect(APP_CSP).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; " +
        "font-src 'self'; connect-src 'none'; worker-src 'self' blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    )
  })

  it('never allows inline or evaluated script', () => {
    expect(APP_CSP).not.toMatch(/unsafe-(inline|eval)/)
  })
})

describe('buildCsp', () => {
  it('replaces an overridden directive whole and keeps the others', () => {
    const d = directives(buildCsp({ 'connect-src': ["'self'", 'ws://127.0.0.1:4000'] }))
    expect(d.get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:4000'])
    expect(d.get('script-src')).toEqual(["'self'"])
    expect(d.get('default-src')).toEqual(["'none'"])
  })

  it('refuses a source that would smuggle in another directive', () => {
    expect(() => buildCsp({ 'img-src': ["'self'; script-src *"] })).toThrow(/separator/)
  })
})

describe('devCsp', () => {
  it('lets Vite inject styles and reach its own hot-reload socket, and nothing else', () => {
    const d = directives(devCsp('http://localhost:5173/'))
    expect(d.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(d.get('connect-src')).toEqual(["'self'", 'ws://localhost:5173'])
    expect(d.get('script-src')).toEqual(["'self'"])
    expect(devCsp('http://localhost:5173')).not.toContain('unsafe-eval')
  })

  it('uses wss for an https dev server and refuses other schemes', () => {
    expect(directives(devCsp('https://dev.local:8443')).get('connect-src')).toContain('wss://dev.local:8443')
    expect(() => devCsp('file:///tmp/index.html')).toThrow()
  })
})
