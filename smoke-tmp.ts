import { startDemoServer } from './main/demo/server'
import { createSessionEngine } from './main/realtime/index'
const demo = await startDemoServer({ port: 0, seed: 1 })
let audio = 0
const engine = createSessionEngine({ baseUrl: demo.baseUrl, key: demo.keys.ordinary }, { model: process.argv[2] ?? 'openai/gpt-realtime', instructions: 'Speak English.' }, { playback: { write: (s) => { audio += s.length }, stop: () => {} } })
engine.on((e) => { if (e.type !== 'cost') console.log(JSON.stringify(e).slice(0, 200)) })
engine.press()
const t0 = performance.now()
for (let i = 0; i < 50; i++) {
  const s = new Float32Array(960)
  for (let j = 0; j < 960; j++) s[j] = 0.3 * Math.sin((2 * Math.PI * 220 * (i * 960 + j)) / 48000)
  engine.capture(48000, s)
  await new Promise((r) => setTimeout(r, 20))
}
engine.release()
await new Promise((r) => setTimeout(r, 4000))
console.log('audio samples', audio)
console.log(await engine.end())
await demo.close()
