import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { PRODUCT_TAG_GROUPS, type ProductTag } from '#shared/domain/catalog.ts'
import { centsToTypedAmount, readMoneyInput, type Cents } from '#shared/domain/money.ts'
import type { Producer } from '#shared/schemas/producer.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#web/components/ui/select.tsx'
import { cn } from '#web/lib/cn.ts'
import { producerQueries } from '../api/product-queries.ts'
import type { ShopFilters } from '../hooks/use-shop-filters.ts'

export interface ProductFiltersProps {
  filters: ShopFilters
  onToggleTag: (tag: ProductTag, checked: boolean) => void
  /** cents */
  onPriceChange: (range: { minPrice: Cents | undefined; maxPrice: Cents | undefined }) => void
  onFarmChange: (farm: string | undefined) => void
  className?: string
}

const ALL_PRODUCERS = 'all'

/** The shop's filters (docs/product.md#catalogue): know-your-food and diet tags, a price range, one producer. */
export function ProductFilters({
  filters,
  onToggleTag,
  onPriceChange,
  onFarmChange,
  className,
}: ProductFiltersProps) {
  return (
    <div className={cn('flex flex-col gap-6', className)}>
      {PRODUCT_TAG_GROUPS.map((group) => (
        <fieldset key={group.id} className="flex flex-col gap-2.5">
          <legend className="mb-2.5 text-sm font-semibold">{group.title}</legend>
          {group.tags.map((tag) => (
            <TagCheckbox
              key={tag.slug}
              label={tag.label}
              checked={filters.tags.includes(tag.slug)}
              onChange={(checked) => onToggleTag(tag.slug, checked)}
            />
          ))}
        </fieldset>
      ))}
      <PriceRange minPrice={filters.minPrice} maxPrice={filters.maxPrice} onApply={onPriceChange} />
      <ProducerSelect farm={filters.farm} onChange={onFarmChange} />
    </div>
  )
}

function TagCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const id = useId()
  return (
    <div className="flex items-center gap-2.5">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id} className="cursor-pointer font-normal">
        {label}
      </Label>
    </div>
  )
}

function PriceRange({
  minPrice,
  maxPrice,
  onApply,
}: {
  minPrice: Cents | undefined
  maxPrice: Cents | undefined
  onApply: ProductFiltersProps['onPriceChange']
}) {
  const id = useId()
  const [min, setMin] = useState(typed(minPrice))
  const [max, setMax] = useState(typed(maxPrice))
  // a new range in the URL (applied, back button, cleared, a chip removed) refills the inputs;
  // adjusted while rendering rather than by remounting, so focus stays on the Apply button
  const [shown, setShown] = useState({ minPrice, maxPrice })
  if (shown.minPrice !== minPrice || shown.maxPrice !== maxPrice) {
    setShown({ minPrice, maxPrice })
    setMin(typed(minPrice))
    setMax(typed(maxPrice))
  }

  function apply(event: FormEvent) {
    event.preventDefault()
    let low = toPrice(min)
    let high = toPrice(max)
    if (low !== undefined && high !== undefined && low > high) [low, high] = [high, low]
    onApply({ minPrice: low, maxPrice: high })
  }

  return (
    <fieldset>
      <legend className="mb-2.5 text-sm font-semibold">Price</legend>
      <form onSubmit={apply} className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-min`} className="text-xs text-muted-foreground">
            Min ($)
          </Label>
          <Input
            id={`${id}-min`}
            type="number"
            inputMode="decimal"
            min={0}
            max={100000}
            step={0.01}
            placeholder="0"
            value={min}
            onChange={(event) => setMin(event.target.value)}
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-max`} className="text-xs text-muted-foreground">
            Max ($)
          </Label>
          <Input
            id={`${id}-max`}
            type="number"
            inputMode="decimal"
            min={0}
            max={100000}
            step={0.01}
            placeholder="Any"
            value={max}
            onChange={(event) => setMax(event.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" aria-label="Apply price range">
          Apply
        </Button>
      </form>
    </fieldset>
  )
}

const typed = (cents: Cents | undefined) => (cents === undefined ? '' : centsToTypedAmount(cents))

/** What the field holds, in cents; empty or not an amount means no bound. */
function toPrice(value: string): Cents | undefined {
  if (value.trim() === '') return undefined
  const read = readMoneyInput(value)
  return read.ok ? read.cents : undefined
}

function ProducerSelect({
  farm,
  onChange,
}: {
  farm: string | undefined
  onChange: (farm: string | undefined) => void
}) {
  const id = useId()
  const producers = useQuery(producerQueries.list())
  const list = producers.data ?? []
  const chosen = farm ? findProducer(list, farm) : undefined
  // an older link may name a producer by name, or one the list does not (yet) hold
  const value = farm ? (chosen?.slug ?? farm) : ALL_PRODUCERS
  return (
    <div className="flex flex-col gap-2.5">
      <Label htmlFor={id} className="text-sm font-semibold">
        Producer
      </Label>
      <Select
        value={value}
        onValueChange={(next) => onChange(next === ALL_PRODUCERS ? undefined : next)}
      >
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL_PRODUCERS}>All producers</SelectItem>
          {farm && !chosen ? <SelectItem value={farm}>{farm}</SelectItem> : null}
          {list.map((producer) => (
            <SelectItem key={producer.slug} value={producer.slug}>
              {producer.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}

/** The producer a `farm` query names, by slug or by name ignoring case (as the server matches it). */
export function findProducer(producers: readonly Producer[], farm: string): Producer | undefined {
  const wanted = farm.trim().toLowerCase()
  return producers.find(
    (producer) => producer.slug === wanted || producer.name.toLowerCase() === wanted,
  )
}
