// `loa demo-server`: runs the embedded demo service until SIGINT/SIGTERM. Prints exactly one JSON line on
// stdout, {"baseUrl": ..., "keys": {...}}, so a script can read where it listens and which keys to use.
import { DEFAULT_SEED, DEMO_VARIANTS, WS_TOKEN_MODES, startDemoServer } from '../../demo/server'
import { choiceFlag, intFlag, positiveNumberFlag } from '../args'
import { EXIT } from '../exit-codes'
import { CliFailure } from '../failure'
import { failureOut, reportFailure } from '../failure-output'
import type { Verb } from '../verb'

export const demoServerVerb: Verb = {
  name: 'demo-server',
  summary: {
    en: 'run the demo gateway locally (no key needed)',
    vi: 'chạy cổng API demo trên máy này (không cần khóa)',
  },
  usage:
    'loa demo-server [--port N] [--time-scale X] [--seed S] [--variant default|alt] [--ws-token header|query|any]',
  help: {
    en: `Starts the demo service on 127.0.0.1 and prints one JSON line: {"baseUrl": "...", "keys": {...}}.
Serves until interrupted (SIGINT or SIGTERM), then closes cleanly.

Flags:
  --port N         port to listen on; 0 (default) picks a free one
  --time-scale X   service seconds per real second (default 1); e.g. 60 makes a minute pass in a second
  --seed S         seed for accounts, keys and history (default ${DEFAULT_SEED})
  --variant V      default, or alt: another plausible answer to every realtime detail the spec leaves
                   "not shown" (field names, envelopes, list shapes, status words); default from
                   LOA_DEMO_VARIANT, else default
  --ws-token M     where the realtime WebSocket takes the session token: header, query or any
                   (default: any for the default variant, query for alt)`,
    vi: `Khởi động dịch vụ demo trên 127.0.0.1 và in một dòng JSON: {"baseUrl": "...", "keys": {...}}.
Phục vụ đến khi bị ngắt (SIGINT hoặc SIGTERM), rồi đóng gọn gàng.

Tùy chọn:
  --port N         cổng để lắng nghe; 0 (mặc định) chọn một cổng trống
  --time-scale X   số giây của dịch vụ trong một giây thực (mặc định 1); vd. 60 cho một phút trôi qua
                   trong một giây
  --seed S         hạt giống cho tài khoản, khóa và lịch sử (mặc định ${DEFAULT_SEED})
  --variant V      default, hoặc alt: một cách trả lời hợp lý khác cho mọi chi tiết thời gian thực mà
                   đặc tả để "not shown" (tên trường, lớp bọc, dạng danh sách, từ chỉ trạng thái);
                   mặc định lấy từ LOA_DEMO_VARIANT, không có thì default
  --ws-token M     nơi WebSocket thời gian thực nhận token của phiên: header, query hoặc any
                   (mặc định: any với biến thể default, query với alt)`,
  },
  options: {
    port: { type: 'string' },
    'time-scale': { type: 'string' },
    seed: { type: 'string' },
    variant: { type: 'string' },
    'ws-token': { type: 'string' },
  },
  async run(ctx) {
    const { values, stdout } = ctx
    const port = intFlag(values.port, 'port', 0, 65_535) ?? 0
    const timeScale = positiveNumberFlag(values['time-scale'], 'time-scale') ?? 1
    const seed = intFlag(values.seed, 'seed', 0, 2 ** 31 - 1) ?? DEFAULT_SEED
    const variant = choiceFlag(values.variant, 'variant', DEMO_VARIANTS)
    const wsToken = choiceFlag(values['ws-token'], 'ws-token', WS_TOKEN_MODES)
    let server
    try {
      server = await startDemoServer({
        port,
        timeScale,
        seed,
        ...(variant ? { variant } : {}),
        ...(wsToken ? { wsToken } : {}),
      })
    } catch (err) {
      const failure = new CliFailure(
        {
          en: `could not start: ${err instanceof Error ? err.message : String(err)}`,
          vi: `không khởi động được: ${err instanceof Error ? err.message : String(err)}`,
        },
        EXIT.failure,
        'failure',
        {
          en: 'if the port is taken, pick another --port or leave it out for a free one.',
          vi: 'nếu cổng đã bị dùng, chọn --port khác hoặc bỏ nó đi để lấy một cổng trống.',
        },
      )
      return reportFailure(failureOut(ctx), failure, { verbName: 'demo-server' })
    }
    stdout.write(`${JSON.stringify({ baseUrl: server.baseUrl, keys: server.keys })}\n`)
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve)
      process.once('SIGTERM', resolve)
    })
    await server.close()
    return EXIT.ok
  },
}
