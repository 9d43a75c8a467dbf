import type { FastifyBaseLogger } from 'fastify'
import type { ImageStorage } from '../../adapters/storage/index.ts'
import type { Database } from '../../db/client.ts'
import { createUploadsRepo } from './uploads.repo.ts'
import { uploadsRoutes } from './uploads.routes.ts'
import { createUploadsService } from './uploads.service.ts'
import { uploadSigningKey } from './upload-url-signature.ts'

export function createUploadsFeature(deps: {
  db: Database
  storage: ImageStorage
  sessionSecret: string
  now: () => Date
  log: FastifyBaseLogger
}) {
  const service = createUploadsService({
    repo: createUploadsRepo(deps.db),
    storage: deps.storage,
    signingKey: uploadSigningKey(deps.sessionSecret),
    now: deps.now,
    log: deps.log,
  })
  return { service, routes: uploadsRoutes(service) }
}
