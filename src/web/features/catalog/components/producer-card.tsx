import { MapPinIcon } from 'lucide-react'
import { Link } from '#web/lib/router.tsx'
import { paths } from '#shared/routes.ts'
import type { Producer } from '#shared/schemas/producer.ts'
import { ProducerLogo } from './producer-logo.tsx'

export function ProducerCard({
  producer,
  eagerImage,
}: {
  producer: Producer
  eagerImage?: boolean
}) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-xs transition-shadow hover:shadow-md">
      <div className="flex h-48 items-center justify-center bg-wheat p-6">
        <ProducerLogo
          name={producer.name}
          imageUrl={producer.imageUrl}
          eager={eagerImage}
          className="size-36 transition-transform duration-300 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="text-xl font-semibold">
          <Link
            to={paths.producer(producer.slug)}
            className="after:absolute after:inset-0 hover:text-primary"
          >
            {producer.name}
          </Link>
        </h2>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPinIcon className="size-4 shrink-0" aria-hidden />
          {producer.location} · {producer.distance}
        </p>
        <p className="line-clamp-3 text-sm">{producer.description}</p>
      </div>
    </article>
  )
}
