// `loa models [text|image|video|embedding|<model>]`: the catalog (every key may read it, resellers too).
import { GatewayError } from '../../api/gateway-error'
import type { ManagementClient } from '../../api/management/index'
import { vndPerUsd, type RateSources } from '../../api/management/vnd-rate'
import type { VndPerUsd } from '../../../preload/contract'
import {
  needsRateForVideo,
  renderCatalogSummary,
  renderEmbeddingModels,
  renderImageModels,
  renderModelDetail,
  renderTextModels,
  renderVideoModels,
} from '../catalog-tables'
import { cliLanguage } from '../language'
import { printResult, runManagementVerb } from '../management-verb'
import { UsageError, type Verb, type VerbContext } from '../verb'

const KINDS = ['text', 'image', 'video', 'embedding'] as const
type Kind = (typeof KINDS)[number]

const isKind = (word: string): word is Kind => (KINDS as readonly string[]).includes(word)

export const modelsVerb: Verb = {
  name: 'models',
  summary: {
    en: 'the model catalog with prices in USD and VND',
    vi: 'danh mục mô hình với giá bằng USD và VND',
  },
  usage: 'loa models [text|image|video|embedding|<model>] [--json]',
  help: {
    en: `Without an argument, lists every model with counts per kind.
With a kind, lists that kind with its prices:
  text        per 1M tokens: input, output, cache read, reasoning (— = not supported)
  image       per image, for each quality and size (or resolution)
  video       per second, by resolution, by input type, or one flat price
  embedding   per 1M tokens, with the free tokens per day
With a model id (e.g. gpt-4.1 or qwen/qwen3-235b-a22b), shows that model in detail.

Prices are in USD as listed and in VND for your plan; an unknown model id exits 1.
With --json, prints the service's answer as parsed.`,
    vi: `Không có đối số thì liệt kê mọi mô hình, kèm số lượng theo từng loại.
Có một loại thì liệt kê loại đó cùng giá:
  text        theo 1M token: đầu vào, đầu ra, đọc bộ nhớ đệm, suy luận (— = không hỗ trợ)
  image       theo ảnh, cho từng chất lượng và kích thước (hoặc độ phân giải)
  video       theo giây, theo độ phân giải, theo loại đầu vào, hoặc một giá chung
  embedding   theo 1M token, kèm số token miễn phí mỗi ngày
Có mã mô hình (vd. gpt-4.1 hoặc qwen/qwen3-235b-a22b) thì hiện chi tiết mô hình đó.

Giá bằng USD như niêm yết và bằng VND theo gói của bạn; mã mô hình không có thì thoát với mã 1.
Với --json, in câu trả lời của dịch vụ sau khi phân tích.`,
  },
  options: {},
  async run(ctx) {
    if (ctx.positionals.length > 1)
      throw new UsageError({
        en: `expected at most one argument; got ${ctx.positionals.length}.`,
        vi: `chỉ nhận tối đa một đối số; nhận được ${ctx.positionals.length}.`,
      })
    const target = ctx.positionals[0]
    return runManagementVerb(ctx, 'models', async (client) => {
      if (target === undefined) {
        const catalog = await client.models()
        return printResult(ctx, catalog, () => renderCatalogSummary(catalog, cliLanguage(ctx.env)))
      }
      if (isKind(target)) return showKind(ctx, client, target)
      const detail = await findModel(client, target)
      return printResult(ctx, detail, async () => {
        const wantsRate =
          detail.kind === 'text' || (detail.kind === 'video' && needsRateForVideo([detail.model]))
        return renderModelDetail(detail, wantsRate ? await catalogRate(client) : null, cliLanguage(ctx.env))
      })
    })
  },
}

async function showKind(ctx: VerbContext, client: ManagementClient, kind: Kind): Promise<void> {
  const language = cliLanguage(ctx.env)
  switch (kind) {
    case 'text': {
      const list = await client.textModels()
      return printResult(ctx, list, async () =>
        renderTextModels(list.data, await catalogRate(client, { text: list }), language),
      )
    }
    case 'image': {
      const list = await client.imageModels()
      return printResult(ctx, list, () => renderImageModels(list.data, language))
    }
    case 'video': {
      const list = await client.videoModels()
      return printResult(ctx, list, async () =>
        renderVideoModels(
          list.data,
          needsRateForVideo(list.data) ? await catalogRate(client, { video: list }) : null,
          language,
        ),
      )
    }
    case 'embedding': {
      const list = await client.embeddingModels()
      return printResult(ctx, list, () => renderEmbeddingModels(list.data, language))
    }
  }
}

async function findModel(client: ManagementClient, id: string) {
  try {
    return await client.model(id)
  } catch (err) {
    // The service's code and request id stay: only the words are the CLI's.
    if (err instanceof GatewayError && err.kind === 'not_found')
      throw new GatewayError('not_found', `no model named '${id}'.`, err.details, { cause: err })
    throw err
  }
}

/** The same rate the app shows: from the lists whose VND prices imply it, else the reference rate. */
async function catalogRate(client: ManagementClient, lists: RateSources = {}): Promise<VndPerUsd> {
  const [embedding, image] = await Promise.all([client.embeddingModels(), client.imageModels()])
  return vndPerUsd({ ...lists, embedding, image })
}
