// Typed calls to the thirteen management endpoints. Every call goes through the key's request budget,
// comes back parsed or as a GatewayError whose kind the UI acts on, and a 403 on Account & Usage is
// resolved into `forbidden` or `account_locked` (see access.ts for the rule).
import { AppError } from '../../errors'
import { GatewayError } from '../gateway-error'
import { gatewayJson, type GatewayEndpoint } from '../http'
import { AccessTracker, type AccountAccess } from './access'
import { RequestBudget, type Priority } from './budget'
import { systemClock, type Clock } from './clock'
import { keyHash } from './key-hash'
import { managementRequests as req, type ManagementRequest } from './requests'
import type { Account, DailyUsage, ModelUsage, UsagePage, UsageStats } from './schemas/account'
import type {
  EmbeddingModelList,
  ImageModelList,
  ModelCatalog,
  TextModelList,
  VideoModelList,
} from './schemas/catalog'
import type { ModelDetail } from './schemas/model-detail'
import type { PooledQuota, Savings } from './schemas/pools'

/** Sends one GET and returns the parsed JSON body, throwing GatewayError on any failure. */
export type ManagementTransport = (
  path: string,
  query: Record<string, number> | undefined,
) => Promise<unknown>

export interface ManagementClientOptions {
  endpoint: GatewayEndpoint
  /** One budget per key; pass the same one to every client of the key. */
  budget?: RequestBudget
  transport?: ManagementTransport
  /** Wall clock for fetch times and for how long the catalog finding is kept. */
  clock?: Clock
}

export interface CallOptions {
  priority?: Priority
}

export interface Fetched<T> {
  value: T
  /** The body as received, for the cache to store. */
  body: unknown
  fetchedAtMs: number
}

const FORBIDDEN_MESSAGE =
  'This account (reseller or internal) cannot read Account & Usage; the model catalog still works.'
const LOCKED_MESSAGE = 'This account is disabled or in its 24-hour security lock.'

export class ManagementClient {
  readonly keyHash: string
  readonly budget: RequestBudget
  readonly #transport: ManagementTransport
  readonly #clock: Clock
  readonly #access: AccessTracker

  constructor(opts: ManagementClientOptions) {
    const { endpoint } = opts
    this.keyHash = keyHash(endpoint)
    this.budget = opts.budget ?? new RequestBudget()
    this.#transport = opts.transport ?? ((path, query) => gatewayJson(endpoint, path, { query }))
    this.#clock = opts.clock ?? systemClock
    this.#access = new AccessTracker(() => this.#clock.now())
  }

  /** What the last answers say this key may read. */
  get access(): AccountAccess {
    return this.#access.access
  }

  me(o?: CallOptions): Promise<Account> {
    return this.send(req.me(), o)
  }

  /** The latest `limit` records (clamped to 1..200, default 50), newest first. */
  usage(p: { limit?: number } & CallOptions = {}): Promise<UsagePage> {
    return this.send(req.usage(p.limit), p)
  }

  /** One item per day for the last `days` days (clamped to 1..365, default 7). */
  usageDaily(p: { days?: number } & CallOptions = {}): Promise<DailyUsage> {
    return this.send(req.usageDaily(p.days), p)
  }

  usageModels(o?: CallOptions): Promise<ModelUsage> {
    return this.send(req.usageModels(), o)
  }

  usageStats(o?: CallOptions): Promise<UsageStats> {
    return this.send(req.usageStats(), o)
  }

  quota(o?: CallOptions): Promise<PooledQuota> {
    return this.send(req.quota(), o)
  }

  savings(o?: CallOptions): Promise<Savings> {
    return this.send(req.savings(), o)
  }

  models(o?: CallOptions): Promise<ModelCatalog> {
    return this.send(req.models(), o)
  }

  textModels(o?: CallOptions): Promise<TextModelList> {
    return this.send(req.textModels(), o)
  }

  imageModels(o?: CallOptions): Promise<ImageModelList> {
    return this.send(req.imageModels(), o)
  }

  videoModels(o?: CallOptions): Promise<VideoModelList> {
    return this.send(req.videoModels(), o)
  }

  embeddingModels(o?: CallOptions): Promise<EmbeddingModelList> {
    return this.send(req.embeddingModels(), o)
  }

  /** One model, tagged with its kind; an unknown id rejects with kind `not_found`. */
  model(modelId: string, o?: CallOptions): Promise<ModelDetail> {
    return this.send(req.model(modelId), o)
  }

  async send<T>(request: ManagementRequest<T>, opts?: CallOptions): Promise<T> {
    return (await this.fetch(request, opts)).value
  }

  async fetch<T>(request: ManagementRequest<T>, opts: CallOptions = {}): Promise<Fetched<T>> {
    const priority = opts.priority ?? 'foreground'
    let body: unknown
    try {
      body = await this.budget.schedule(request.id, priority, () =>
        this.#transport(request.path, request.query),
      )
    } catch (err) {
      throw await this.#explain(err, request, priority)
    }
    const fetchedAtMs = this.#clock.now()
    if (request.group === 'catalog') this.#access.noteCatalog(true)
    else this.#access.noteAccountAnswered()
    return { value: request.parse(body), body, fetchedAtMs }
  }

  async #explain(err: unknown, request: ManagementRequest<unknown>, priority: Priority): Promise<AppError> {
    if (!(err instanceof AppError)) {
      return new GatewayError('internal', 'The request failed inside Loa.', noDetails(), { cause: err })
    }
    // An edge block is a 403 too, but from before the API: it says nothing about the account.
    if (!(err instanceof GatewayError) || err.details.status !== 403 || err.kind !== 'forbidden') return err
    if (request.group === 'catalog') {
      this.#access.noteCatalog(false)
      return refused(err, 'account_locked')
    }
    const catalogAnswers = this.#access.catalogAnswers() ?? (await this.#probeCatalog(priority))
    if (catalogAnswers === undefined) return refused(err, 'forbidden')
    this.#access.noteAccountRefused(!catalogAnswers)
    return refused(err, catalogAnswers ? 'forbidden' : 'account_locked')
  }

  /** Asks the catalog once; `fetch` records what it said. Undefined when it could not be reached. */
  async #probeCatalog(priority: Priority): Promise<boolean | undefined> {
    try {
      await this.fetch(req.models(), { priority })
    } catch {
      // The finding (if the catalog answered at all) was recorded by fetch; other failures leave it open.
    }
    return this.#access.catalogAnswers()
  }
}

function refused(err: GatewayError, kind: 'forbidden' | 'account_locked'): GatewayError {
  return new GatewayError(kind, kind === 'forbidden' ? FORBIDDEN_MESSAGE : LOCKED_MESSAGE, err.details, {
    cause: err,
  })
}

function noDetails() {
  return { status: null, code: null, requestId: null }
}
