export {
  createWeeklyStock,
  quantitiesOf,
  type StockLine,
  type WeeklyStock,
  type WeeklyStockDeps,
} from './weekly-stock.ts'
