import type { accountVi } from './account.vi'

export const accountEn: Record<keyof typeof accountVi, string> = {
  'account.updated': 'Updated {when}',
  'account.justNow': 'just now',
  'account.refresh': 'Refresh',
  'account.refreshing': 'Refreshing…',
  'account.actions': 'Quick actions',
  'account.action.openCatalog': 'Open the model catalog',
  'account.action.openSettings': 'Open Settings',

  'account.balanceReal': 'Top-ups {amount}',
  'account.balanceBonus': 'Bonus {amount}',
  'account.balanceLow': 'Low balance',
  'account.topUp': 'Top up',
  'account.topUpLabel': 'Top up the wallet on the service’s website ({site})',
  'account.balanceLowNext':
    'Below your warning level of {threshold}. Top up on the service’s website to keep using it.',

  'account.planExpires': 'Expires {date}',
  'account.planExpiresSoon': 'Expires {date}, {days} days left',
  'account.planExpired': 'Expired {date}',
  'account.planNoExpiry': 'No end date',

  'account.section.pools': 'Pooled quota',
  'account.section.savings': 'Savings',
  'account.section.week': 'Last 7 calendar days',

  'account.pool.pool_a': 'Pool A',
  'account.pool.pool_b': 'Pool B',
  'account.poolRemaining': '{remaining} / {total} tokens left',
  'account.poolRemainingFull': '{remaining} of {total} tokens left in the last 24 hours, {used} used',
  'account.poolLeftShare': '{percent} left',
  'account.poolEmails': 'Source accounts ({count})',
  'account.poolEmailUsed': 'used {used} / {quota}',
  'account.poolsNone': 'Your plan has no pooled quota.',

  'account.savingsPercent': '({percent} off list price)',
  'account.savingsSpent': 'Spent {amount}',
  'account.savings.pool_a': 'Pool A',
  'account.savings.pool_b': 'Pool B',
  'account.savings.cacheHit': 'Cache hits',
  'account.savings.discount': 'Discounts',
  'account.savings.freeModels': 'Free models',
  'account.savingsFreeTokens':
    'Free models cost nothing, so there is no amount saved; the service counts only their tokens.',
  'account.tokens': '{count} tokens',
  'account.requests': '{count} requests',
  'account.weekSparkline': 'Cost per day over the last 7 calendar days, {amount} in total',

  'account.notAvailable': 'Not available for this account.',
  'account.partStale': 'Data from {age}.',
  'account.partStaleRefreshing': 'Data from {age}, refreshing…',
  'account.partFailedKept': 'Could not refresh ({error}) Data from {age}.',

  'account.blocked.catalogOnly.title': 'Account & Usage is not available to this account',
  'account.blocked.catalogOnly.body':
    'Reseller and internal accounts cannot see their balance and usage history in Loa. The model catalog still works.',
  'account.blocked.locked.title': 'This account is disabled or locked',
  'account.blocked.locked.body':
    'The service refuses every request from this account: it has been disabled, or it is in a 24-hour security lock. Contact support, or use another key.',
  'account.blocked.auth.title': 'API key rejected',
  'account.blocked.auth.body':
    'The service does not accept the saved API key: it may have been revoked. Enter a new key in Settings.',

  'usage.stats.title': 'Overview',
  'usage.stats.requests': 'Requests (all time)',
  'usage.stats.tokens': 'Tokens (all time)',
  'usage.stats.cost': 'Cost (all time)',
  'usage.stats.weekTokens': 'Tokens, last 7 calendar days',
  'usage.stats.weekCost': 'Cost, last 7 calendar days',

  'usage.daily.title': 'By day',
  'usage.daily.span': '{days} days',
  'usage.daily.spanLabel': 'Time span',
  'usage.daily.summary': '{days} days: {cost}, {tokens} tokens, {requests} requests.',
  'usage.daily.chartLabel': 'Chart of cost and tokens per day over {days} days, {cost} in total',
  'usage.chart.cost': 'Cost',
  'usage.chart.tokens': 'Tokens',

  'usage.models.title': 'By model',
  'usage.models.chartLabel': 'Chart of the cost of the {count} costliest models',

  'usage.records.title': 'Recent requests',
  'usage.records.count': 'Showing {shown} of {total} requests.',
  'usage.records.export': 'Export CSV',
  'usage.records.exporting': 'Exporting…',
  'usage.records.saved': 'Saved to {path}',
  'usage.records.zone': 'Times are shown in {zone} time ({offset}); the CSV file uses the same.',
  'usage.records.truncated':
    'The last {days} days hold {held} requests (by the daily counts), but the service lists at most {limit}, with no paging: this table and the CSV file have only the newest {shown}, leaving out {missing} older ones.',
  'usage.records.tokensDetail': 'in {input} · out {output}',
  'usage.records.costDetail': '{percent} off {listPrice}',
  'usage.records.noSentTime':
    'Requests from before 16 Aug 2026 were recorded only when they finished; when they were sent is not known (—).',

  'usage.empty': 'No data yet.',
  'usage.unknown': 'unknown',
  'usage.sortBy': 'Sort by {column}',

  'usage.col.sent': 'Sent',
  'usage.col.completed': 'Finished',
  'usage.col.duration': 'Duration',
  'usage.col.model': 'Model',
  'usage.col.provider': 'Provider',
  'usage.col.requests': 'Requests',
  'usage.col.tokens': 'Tokens',
  'usage.col.input': 'Input tokens',
  'usage.col.output': 'Output tokens',
  'usage.col.cacheHit': 'Cache tokens',
  'usage.col.reasoning': 'Reasoning tokens',
  'usage.col.costBefore': 'List price',
  'usage.col.discount': 'Discount',
  'usage.col.cost': 'Cost',
  'usage.col.keySource': 'Key source',
  'usage.col.status': 'Status',
  'usage.csv.vndHeader': '{label} (VND)',
  'usage.csv.percentHeader': '{label} (%)',
  'usage.csv.durationHeader': 'Duration (seconds)',
  'usage.csv.timeHeader': '{label} ({zone} time, {offset})',
  'usage.csv.truncated':
    'Only the newest {shown} requests: the last {days} days hold {held}, but the service lists at most {limit}.',

  'usage.status.charged': 'Charged',
  'usage.status.covered': 'Not charged',
  'usage.status.free': 'Free',

  'usage.keySource.PRIMARY': 'Primary key',
  'usage.keySource.SECONDARY': 'Secondary key',
  'usage.keySource.POOL_A': 'Pool A',
  'usage.keySource.POOL_B': 'Pool B',
}
