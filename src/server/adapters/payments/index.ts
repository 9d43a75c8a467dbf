export * from './payment-provider.ts'
export { createDemoProvider, type DemoProvider, DEMO_CARDS } from './demo-provider.ts'
export { AUTHORISATION_LIFETIME_MS, DEMO_REFUSAL_CODES, DEMO_REFUSALS } from './demo-operations.ts'
export type {
  DemoCardBehaviour,
  DemoCardSetupRecord,
  DemoSavedCardRecord,
  DemoOperation,
  DemoOperationDecision,
  DemoOperationResult,
  DemoPaymentChange,
  DemoPaymentRecord,
  DemoPaymentStore,
} from './demo-payment-store.ts'
export { createStripeProvider } from './stripe-provider.ts'
