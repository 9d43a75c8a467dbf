import { useMutation } from '@tanstack/react-query'
import type { ServiceAreaResult } from '#shared/schemas/service-area.ts'
import { apiGet } from '#web/lib/api-client.ts'

export const checkServiceArea = (zip: string) =>
  apiGet<ServiceAreaResult>(`/api/service-area/${encodeURIComponent(zip)}`)

export function useCheckServiceArea() {
  return useMutation({ mutationFn: checkServiceArea })
}
