export { createWeeklyStock, type StockLine, type WeeklyStock } from './weekly-stock.ts'
