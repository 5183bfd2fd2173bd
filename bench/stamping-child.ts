// The measured side of the stamping row (bench/stamping.ts), in a process of
// its own so that its memory is the stamp's alone: it reads the PDF, stamps a
// small one to load the code and the font, resets the kernel's peak-RSS mark,
// then stamps the big one ROUNDS times. It prints one JSON line.
import { readFile, writeFile } from 'node:fs/promises'
import { licenceLine, newTraceCode, stampFile } from '../core-api/src/modules/licensing/stamping/index.ts'
import { bigPdf } from '../core-api/test/factories/big-pdf.ts'

const [file, rounds = '3'] = process.argv.slice(2)
const status = async () => readFile('/proc/self/status', 'utf8')
const kb = (text: string, key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0)

function stamp() {
  const code = newTraceCode()
  const line = licenceLine('zh-CN', {
    holder: '李伟',
    company: '上海某某咨询有限公司',
    licence: 'multi',
    orderNo: '2026120212345678',
    date: '2026-12-02',
    code,
  })
  return { lang: 'zh-CN' as const, code, line }
}

const source = await readFile(file!)
await stampFile(await bigPdf({ pages: 2 }), 'pdf', 'warm.pdf', stamp())
globalThis.gc?.()
// Writing 5 to clear_refs resets VmHWM (peak RSS) to the current RSS (Linux ≥ 4.0).
const resetPeak = await writeFile('/proc/self/clear_refs', '5').then(
  () => true,
  () => false,
)
const before = kb(await status(), 'VmRSS')
const heapBefore = process.memoryUsage().heapUsed
let peak = before
const sampler = setInterval(() => void status().then((text) => (peak = Math.max(peak, kb(text, 'VmRSS')))), 5)
const times: number[] = []
let size = 0
let heapPeak = heapBefore
for (let i = 0; i < Number(rounds); i++) {
  const started = performance.now()
  const stamped = await stampFile(source, 'pdf', 'big.pdf', stamp())
  times.push(performance.now() - started)
  size = stamped.size
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
}
clearInterval(sampler)
const after = await status()
if (resetPeak) peak = Math.max(peak, kb(after, 'VmHWM'))
console.log(
  JSON.stringify({
    times,
    sourceBytes: source.length,
    stampedBytes: size,
    rssBeforeMb: before / 1024,
    rssGrowthMb: (peak - before) / 1024,
    heapGrowthMb: (heapPeak - heapBefore) / 1048576,
    peakFrom: resetPeak ? 'VmHWM' : 'sampled',
  }),
)
