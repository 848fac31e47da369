/**
 * The stock module's face (issue 26, docs/decisions/0042): the counts of products and
 * variants (`stock_levels`), the money path's moves on them, and their movements. Nothing else
 * in this folder is imported from outside it.
 */
export type { Counts, Movement, StockKey, StockLine } from './stock.repo';
export { stockKey } from './stock.repo';
export type { OrderStockLine, ShortLine } from './stock.service';
export {
  availableOf,
  holdStock,
  lockLines,
  productAvailable,
  releaseHeld,
  restockLines,
  sellLines,
  setCount,
  setCounts,
} from './stock.service';
export { productStockSql, unitAvailableForBuyerSql, unitCountSql } from './stock-sql';
