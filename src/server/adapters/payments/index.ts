export * from './payment-provider.ts'
export {
  createDemoProvider,
  type DemoPaymentRecord,
  type DemoPaymentStore,
  type DemoProvider,
  DEMO_CARDS,
} from './demo-provider.ts'
export { createStripeProvider } from './stripe-provider.ts'
