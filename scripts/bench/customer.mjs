// The benches' customer: signs up with an address inside the delivery area, so checkout works,
// and pays with the demo provider's card that always succeeds.
export const PASSWORD = 'correct horse battery'
export const CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 34',
  cvc: '123',
  zip: '77008',
}

export function registration(email) {
  return {
    email,
    password: PASSWORD,
    firstName: 'Bench',
    lastName: 'Customer',
    phone: '(713) 555-0100',
    deliveryStreet: '1200 Heights Blvd',
    deliveryCity: 'Houston',
    deliveryState: 'TX',
    deliveryZip: '77008',
  }
}
