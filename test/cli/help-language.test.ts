// `loa --help`, each verb's --help and the labels of a failure follow the terminal's locale (LC_ALL, else
// LC_MESSAGES, else LANG), as a document's notes and refusals do; --json prints the same in every locale.
// Real `loa` processes (and every verb's help through the same dispatcher in process); nothing here
// reaches a gateway.
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { EXIT } from '../../main/cli/exit-codes'
import { runCli } from '../../main/cli/index'
import { VERBS } from '../../main/cli/verbs/index'
import { loa } from './loa-process'

const VI = { LANG: 'vi_VN.UTF-8' }
const EN = { LANG: 'en_US.UTF-8' }

/** Letters only Vietnamese writes (with their tone marks), composed. */
const VIETNAMESE = /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/iu

describe('loa in the terminal’s language', () => {
  it('loa --help: Vietnamese under a Vietnamese locale, English otherwise', async () => {
    const [vi, en] = await Promise.all([loa(['--help'], VI), loa(['--help'], EN)])
    expect(vi.code).toBe(EXIT.ok)
    expect(vi.stdout).toMatch(/^Cách dùng: loa <lệnh> \[tùy chọn\]/)
    expect(vi.stdout).toContain('\nCác lệnh:\n')
    expect(vi.stdout).toContain('\nTùy chọn chung:\n')
    expect(vi.stdout).toContain('Mã thoát: 0 thành công, 1 thất bại, 2 sai cách dùng')
    expect(vi.stdout).toBe(vi.stdout.normalize('NFC'))
    expect(en.code).toBe(EXIT.ok)
    expect(en.stdout).toMatch(/^Usage: loa <verb> \[flags\]/)
    expect(en.stdout).not.toMatch(VIETNAMESE)
    for (const verb of VERBS) {
      const name = verb.name.padEnd(15)
      expect(vi.stdout).toContain(`  ${name}  ${verb.summary.vi}\n`)
      expect(en.stdout).toContain(`  ${name}  ${verb.summary.en}\n`)
    }
  })

  it('say --help, the verb the issue names, in both languages from a real process', async () => {
    const say = VERBS.find((v) => v.name === 'say')
    const [vi, en] = await Promise.all([loa(['say', '--help'], VI), loa(['say', '--help'], EN)])
    expect(vi.code).toBe(EXIT.ok)
    expect(vi.stdout).toBe(`Cách dùng: ${say?.usage}\n\n${say?.help.vi}\n\n${globalFlags(vi.stdout)}\n`)
    expect(vi.stdout).toContain('--per-chapter   mỗi chương một tệp')
    expect(en.stdout).toBe(`Usage: ${say?.usage}\n\n${say?.help.en}\n\n${globalFlags(en.stdout)}\n`)
  })

  // Every verb through the same dispatcher in process (a process each would take a minute on this machine).
  it.each(VERBS.map((v) => [v.name, v] as const))('%s --help in both languages', async (_, verb) => {
    const [vi, en] = await Promise.all([help(verb.name, VI), help(verb.name, EN)])
    expect(vi).toBe(`Cách dùng: ${verb.usage}\n\n${verb.help.vi}\n\n${globalFlags(vi)}\n`)
    expect(globalFlags(vi)).toMatch(/^Tùy chọn chung:\n/)
    expect(verb.help.vi).toMatch(VIETNAMESE)
    expect(verb.summary.vi).toMatch(VIETNAMESE)
    expect(vi).toBe(vi.normalize('NFC'))
    expect(en).toBe(`Usage: ${verb.usage}\n\n${verb.help.en}\n\n${globalFlags(en)}\n`)
    expect(globalFlags(en)).toMatch(/^Global flags:\n/)
    expect(en).not.toMatch(VIETNAMESE)
  })

  it('a usage error: said in Vietnamese with its labels, the JSON object the same as in English', async () => {
    const args = ['say', 'xin chào', '--json']
    const [vi, en] = await Promise.all([loa(args, VI), loa(args, EN)])
    expect(vi.code).toBe(EXIT.usage)
    expect(vi.stderr).toMatch(
      /^loa say: cần -o\/--out \(hoặc --dry-run để chỉ xem ước tính\)\.\nCách dùng: loa say "text" \| --file F/,
    )
    expect(en.stderr).toMatch(/^loa say: -o\/--out is required .*\nUsage: loa say "text" \| --file F/)
    expect(vi.stdout).toBe(en.stdout)
    expect(JSON.parse(vi.stdout)).toMatchObject({
      error: { code: 'usage', message: '-o/--out is required (or --dry-run for the estimate alone).' },
    })
  })

  it('a flag the verb does not have, or one without its value, said in Vietnamese', async () => {
    const [unknown, missing] = await Promise.all([
      loa(['status', '--limit', '5'], VI),
      loa(['say', 'xin chào', '--out'], VI),
    ])
    expect(unknown.code).toBe(EXIT.usage)
    expect(unknown.stderr).toMatch(/^loa status: không có tùy chọn '--limit'; .*\nCách dùng: loa status/)
    expect(missing.code).toBe(EXIT.usage)
    expect(missing.stderr).toMatch(/^loa say: tùy chọn '-o, --out' cần một giá trị\.\nCách dùng: loa say/)
  })

  it('an unknown verb: said in Vietnamese with its hint, the JSON object in English as before', async () => {
    const [vi, en] = await Promise.all([loa(['frob', '--json'], VI), loa(['frob', '--json'], EN)])
    expect(vi.code).toBe(EXIT.usage)
    expect(vi.stderr).toMatch(
      /^loa: không có lệnh 'frob'\.\ngợi ý: 'loa --help' liệt kê các lệnh\.\n\nCách dùng:/,
    )
    expect(en.stderr).toMatch(/^loa: unknown verb 'frob'\.\nhint: 'loa --help' lists the verbs\.\n\nUsage:/)
    expect(vi.stdout).toBe(en.stdout)
    expect(JSON.parse(vi.stdout)).toEqual({
      error: {
        code: 'usage',
        message: "unknown verb 'frob'.",
        hint: "'loa --help' lists the verbs.",
        requestId: null,
      },
    })
  })

  it('a document refused: its reasons in Vietnamese on stderr, the JSON object the same in both', async () => {
    const scanned = fileURLToPath(new URL('../fixtures/documents/scanned.pdf', import.meta.url))
    const args = ['say', '--file', scanned, '-o', join(tmpdir(), 'loa-never-written.wav'), '--json']
    const [vi, en] = await Promise.all([loa(args, VI), loa(args, EN)])
    expect(vi.code).toBe(EXIT.usage)
    expect(vi.stderr).toMatch(
      /^loa say: scanned\.pdf: PDF không có lớp chữ.*\ngợi ý: hãy nhận dạng chữ \(OCR\)/,
    )
    expect(en.stderr).toMatch(/^loa say: scanned\.pdf: .*no text layer.*\nhint: run the PDF through OCR/)
    expect(vi.stdout).toBe(en.stdout)
    expect(JSON.parse(vi.stdout)).toMatchObject({
      error: { code: 'file', hint: expect.stringMatching(/^run the PDF/) },
    })
  })

  it('a failure’s hint and the --key warning are labelled in Vietnamese', async () => {
    // Nothing listens on port 9 of this machine: a network failure, with its hint.
    const args = ['status', '--base-url', 'http://127.0.0.1:9', '--key', 'sk-test-not-a-key']
    const run = await loa(args, VI)
    expect(run.code).toBe(EXIT.network)
    expect(run.stderr).toMatch(/^loa: cảnh báo: --key để lộ khóa cho mọi người dùng máy này/m)
    expect(run.stderr).toMatch(/^gợi ý: /m)
    expect(run.stderr).not.toMatch(/^(hint|warning|Usage):/m)
    expect(run.stderr).not.toContain('sk-test-not-a-key')
  })

  it('LC_ALL comes before LANG, either way', async () => {
    const [vi, en] = await Promise.all([
      loa(['--help'], { LC_ALL: 'vi_VN.UTF-8', LANG: 'en_US.UTF-8' }),
      loa(['--help'], { LC_ALL: 'C.UTF-8', LANG: 'vi_VN.UTF-8' }),
    ])
    expect(vi.stdout).toMatch(/^Cách dùng:/)
    expect(en.stdout).toMatch(/^Usage:/)
  })
})

async function help(verb: string, env: NodeJS.ProcessEnv): Promise<string> {
  let stdout = ''
  const code = await runCli([verb, '--help'], {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: () => undefined },
    env,
  })
  expect(code).toBe(EXIT.ok)
  return stdout
}

/** The global flags block that closes a verb's help, as loa printed it. */
function globalFlags(stdout: string): string {
  const at = stdout.lastIndexOf('\n\n')
  return stdout.slice(at + 2, -1)
}
