import type { AdminOrder, Order, OrderItem, OrderStatusChange } from '#shared/schemas/order.ts'
import type {
  OrderItemRow,
  OrderStatusChangeRow,
  OrderWithDetails,
  OrderWithItems,
} from './orders.repo.ts'

/** Rows as the API sends them: the response schemas then allow only these fields out. */

export function toOrderItem(row: OrderItemRow): OrderItem {
  return {
    id: row.id,
    orderId: row.orderId,
    productId: row.productId,
    productName: row.productName,
    productPrice: row.productPrice,
    quantity: row.quantity,
    farmSource: row.farmSource,
    imageUrl: row.imageUrl,
    customSelections: (row.customSelections as OrderItem['customSelections']) ?? null,
  }
}

export function toOrder(row: OrderWithItems): Order {
  return {
    id: row.id,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    deliveryAddress: row.deliveryAddress,
    deliveryDate: row.deliveryDate.toISOString(),
    subtotal: row.subtotal,
    discountAmount: row.discountAmount,
    promoCode: row.promoCode,
    deliveryFee: row.deliveryFee,
    tax: row.tax,
    total: row.total,
    specialInstructions: row.specialInstructions,
    status: row.status,
    deliveryStatus: row.deliveryStatus,
    paymentIntentId: row.paymentIntentId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    items: row.items.map(toOrderItem),
  }
}

function toStatusChange(row: OrderStatusChangeRow): OrderStatusChange {
  return {
    id: row.id,
    field: row.field,
    fromValue: row.fromValue,
    toValue: row.toValue,
    changedByEmail: row.changedByEmail,
    createdAt: row.createdAt.toISOString(),
  }
}

export function toAdminOrder(row: OrderWithDetails): AdminOrder {
  return {
    ...toOrder(row),
    userId: row.userId,
    statusHistory: row.statusHistory.map(toStatusChange),
  }
}
