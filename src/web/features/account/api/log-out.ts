import { apiRequest } from '#web/lib/api-client.ts'

export const logOut = () => apiRequest<{ message: string }>('POST', '/api/auth/logout')
