// The feed file as electron-builder writes it, and what is not one.
import { describe, expect, it } from 'vitest'
import { FeedError, feedFileName, parseFeed } from '../../main/updates/feed'
import { MAX_NOTES_CHARS, notesText } from '../../main/updates/release-notes'
import { artifact, latestYml, sha512Of } from './feed-server'

describe('the update feed', () => {
  it('reads the version, the first file and its sha512 and size', () => {
    const bytes = artifact(1024)
    const yml = latestYml({
      version: '1.4.0',
      file: 'Loa Setup 1.4.0.exe',
      sha512: sha512Of(bytes),
      size: 1024,
    })
    expect(parseFeed(yml)).toEqual({
      version: '1.4.0',
      notes: null,
      file: { url: 'Loa Setup 1.4.0.exe', sha512: sha512Of(bytes), size: 1024 },
    })
  })

  it('falls back to the top-level path and sha512 of older feeds', () => {
    const sha512 = sha512Of(artifact(16))
    expect(parseFeed(`version: 1.4.0\npath: Loa-1.4.0.dmg\nsha512: ${sha512}\n`).file).toEqual({
      url: 'Loa-1.4.0.dmg',
      sha512,
      size: null,
    })
  })

  it.each([
    ['an HTML page', '<html><body>502 Bad Gateway</body></html>'],
    ['YAML that is not a feed', 'hello: world\n'],
    ['a version that is not semver', `version: soon\npath: a\nsha512: ${sha512Of(artifact(16))}\n`],
    ['a sha512 that is not base64 of 64 bytes', 'version: 1.4.0\npath: a\nsha512: abc\n'],
    ['no file', 'version: 1.4.0\n'],
    ['broken YAML', 'version: [1.4.0\n'],
  ])('refuses %s', (_name, text) => {
    expect(() => parseFeed(text)).toThrow(FeedError)
  })

  it('names the feed file by platform, as electron-updater does', () => {
    expect(feedFileName('win32', 'x64')).toBe('latest.yml')
    expect(feedFileName('darwin', 'arm64')).toBe('latest-mac.yml')
    expect(feedFileName('linux', 'x64')).toBe('latest-linux.yml')
    expect(feedFileName('linux', 'arm64')).toBe('latest-linux-arm64.yml')
  })
})

describe('release notes', () => {
  it('turns HTML into plain text and a list of notes into one text', () => {
    expect(notesText('<h2>New</h2><p>Reader &amp; voice<br>faster</p><script>x()</script>')).toBe(
      'New\nReader & voice\nfaster\nx()',
    )
    expect(
      notesText([
        { version: '1.4.0', note: 'Updates.' },
        { version: '1.3.0', note: null },
      ]),
    ).toBe('1.4.0\nUpdates.')
  })

  it('has none for nothing, and cuts a long text', () => {
    expect(notesText(undefined)).toBeNull()
    expect(notesText('  ')).toBeNull()
    expect(notesText(42)).toBeNull()
    const long = notesText('a'.repeat(MAX_NOTES_CHARS * 2))
    expect(long).toHaveLength(MAX_NOTES_CHARS)
    expect(long?.endsWith('…')).toBe(true)
  })
})
